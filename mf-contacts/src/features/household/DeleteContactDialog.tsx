import { useNavigate } from 'react-router-dom';
import type { ClientLevel } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { withToasts } from '@agency/ui';
import { TypeToConfirm } from '../common/TypeToConfirm';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { personName, personOf } from '../detail/person';

/**
 * Deleting needs the shown code typed back. A primary with a secondary promotes the secondary;
 * a secondary's removal clears the co-applicant; a single contact is deleted and the list shown.
 */
export function DeleteContactDialog({ open, level, hasSecondary, onClose }: { open: boolean; level: ClientLevel; hasSecondary: boolean; onClose: () => void }) {
  const { id, full, reload } = useContact();
  const navigate = useNavigate();
  const primary = personName(personOf(full.client, 'primary')) || 'this contact';
  const secondary = personName(personOf(full.client, 'secondary')) || 'the co-applicant';
  const promotes = level === 'primary' && hasSecondary;
  const description =
    level === 'secondary'
      ? `${secondary} will be removed from this contact; ${primary} and every record stay.`
      : promotes
        ? `${primary} will be removed and ${secondary} becomes the primary of this contact.`
        : `${primary} and every record of this contact will be deleted.`;
  const confirm = async () => {
    const success = level === 'secondary' ? MSG.typeRemoved('Secondary') : promotes ? MSG.typeRemoved('Primary') : MSG.clientRemoved;
    const res = await withToasts(clientsApi.remove(id, level), success, (m) => MSG.clientUpdateFailed(m));
    if (res.client) await reload();
    else navigate('/contacts');
  };
  return (
    <TypeToConfirm
      open={open}
      title={level === 'secondary' ? 'Remove Secondary' : 'Delete Contact'}
      description={description}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
