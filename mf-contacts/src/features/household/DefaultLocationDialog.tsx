import { useEffect } from 'react';
import { Button, Form, Select } from 'antd';
import { bus } from '@agency/bus';
import { isActivePhone, type PhoneNumber } from '@agency/contracts';
import { clientsApi, errorMessage, phonesApi } from '@agency/api-client';
import { formatPhone, FormDialog, notifyError, useLiveQuery, useObservable, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';

interface Values {
  accountPhone?: string | null;
}

/** How a phone number is offered: its location's name and its friendly name (or the number when it has none). */
export const phoneLabel = (p: PhoneNumber) => `${p.location?.name ?? ''} - ${p.friendlyName || formatPhone(p.phoneNumber)}`;

/** The account's active numbers (those with a location) in label order, fetched while the dialog is open. */
function useActivePhones(open: boolean): { phones: PhoneNumber[]; loading: boolean } {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const list = useLiveQuery(
    open && accountId
      ? () => phonesApi.list(accountId).then((all) => all.filter(isActivePhone).sort((a, b) => phoneLabel(a).localeCompare(phoneLabel(b))))
      : null,
    null,
    [open, accountId],
  );
  useEffect(() => {
    if (list.error) notifyError(`Unable to get locations: ${errorMessage(list.error)}`);
  }, [list.error]);
  const phones = list.data ?? [];
  const loading = list.loading;
  return { phones, loading };
}

/** Clear empties the choice; Reset goes back to the contact's current default. */
function ClearReset({ initial }: { initial: string | null }) {
  const form = Form.useFormInstance<Values>();
  return (
    <>
      <Button onClick={() => form.setFieldsValue({ accountPhone: null })}>Clear</Button>
      <Button onClick={() => form.setFieldsValue({ accountPhone: initial })}>Reset</Button>
    </>
  );
}

/** Update Default Location: the phone number (and so the location) the agency uses with this contact. */
export function DefaultLocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { id, full, reload } = useContact();
  const { phones, loading } = useActivePhones(open);
  const initial = full.client.accountPhone;
  const submit = async ({ accountPhone }: Values) => {
    await withToasts(clientsApi.update(id, { accountPhone: accountPhone ?? '' }), MSG.clientUpdated, MSG.clientUpdateFailed);
    await reload();
  };
  return (
    <FormDialog<Values>
      open={open}
      title="Update Default Location"
      initialValues={{ accountPhone: initial }}
      onSubmit={submit}
      onClose={onClose}
      extra={<ClearReset initial={initial} />}
    >
      <Form.Item name="accountPhone" label="Default Location">
        <Select
          autoFocus
          loading={loading}
          options={phones.map((p) => ({ value: p.id, label: phoneLabel(p) }))}
          labelRender={(o) => o.label ?? (loading ? 'Loading...' : 'A number no longer active')}
          notFoundContent={loading ? 'Loading...' : 'No phone numbers with a location'}
        />
      </Form.Item>
    </FormDialog>
  );
}
