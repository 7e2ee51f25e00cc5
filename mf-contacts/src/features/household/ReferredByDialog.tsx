import { Form } from 'antd';
import type { ClientLevel } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { DateInput } from '../common/inputs';
import { MSG } from '../common/messages';
import { SmartSelect } from '../common/SmartSelect';
import { useContact } from '../detail/ContactContext';
import { ClientPicker } from './ClientPicker';

interface Values {
  affliateVia?: string | null;
  /** id:level of the referring contact */
  contact?: string | null;
  aflliateOn?: string | null;
}

/** Referred By: How did you hear about us?, the referring contact, the Referral Date (spellings as sent). */
export function ReferredByDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { id, full, reload } = useContact();
  const c = full.client;
  const submit = async (v: Values) => {
    const [contact, level] = (v.contact ?? '').split(':');
    await withToasts(
      clientsApi.update(id, {
        affliateVia: v.affliateVia ?? null,
        affliateContact: contact || null,
        affliateContactLevel: contact ? (level as ClientLevel) : null,
        aflliateOn: v.aflliateOn ?? null,
      }),
      MSG.clientUpdated,
      MSG.clientUpdateFailed,
    );
    await reload();
  };
  const current = c.affliateContact ? `${c.affliateContact}:${c.affliateContactLevel ?? 'primary'}` : null;
  return (
    <FormDialog<Values>
      open={open}
      title="Referred By"
      initialValues={{ affliateVia: c.affliateVia, contact: current, aflliateOn: c.aflliateOn }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="affliateVia" label="How did you hear about us?">
        <SmartSelect valueKey="AffliateVia" autoFocus />
      </Form.Item>
      <Form.Item name="contact" label="Referred By">
        <ClientPicker exclude={id} withSecondary initialLabel={full.summary.referredBy?.name} />
      </Form.Item>
      <Form.Item name="aflliateOn" label="Referral Date">
        <DateInput />
      </Form.Item>
    </FormDialog>
  );
}
