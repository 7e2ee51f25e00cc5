import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { clientsApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useUsers, userLabel } from '../common/useUsers';
import { useContact } from '../detail/ContactContext';

/** Assign To: the user who manages the contact (managedBy, managedOn now); clearing unassigns. Save waits for someone picked (or someone to unassign). */
export function AssignToDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { id, full, reload } = useContact();
  const users = useUsers();
  const current = full.client.managedBy ?? undefined;
  const [picked, setPicked] = useState<string | undefined>(current);
  useEffect(() => {
    if (open) setPicked(current);
  }, [open, current]);
  const submit = async ({ managedBy }: { managedBy?: string }) => {
    await withToasts(
      clientsApi.update(id, { managedBy: managedBy ?? null, managedOn: managedBy ? new Date().toISOString() : null }),
      MSG.clientUpdated,
      MSG.clientUpdateFailed,
    );
    await reload();
  };
  return (
    <FormDialog<{ managedBy?: string }>
      open={open}
      title="Assign To"
      initialValues={{ managedBy: full.client.managedBy ?? undefined }}
      onSubmit={submit}
      onClose={onClose}
      okDisabled={!picked && !current}
    >
      <Form.Item name="managedBy" label="Managed By">
        <Select
          allowClear
          showSearch
          autoFocus
          optionFilterProp="label"
          onChange={(value?: string) => setPicked(value ?? undefined)}
          options={users.map((u) => ({ value: u.id, label: userLabel(u) }))}
          notFoundContent="No users"
        />
      </Form.Item>
    </FormDialog>
  );
}
