import { Form, Input } from 'antd';
import type { Link, LinkInput } from '@agency/contracts';
import { linksApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';

/** Add or edit a link: name, description, url. */
export function LinkDialog({ open, link, onClose }: { open: boolean; link: Link | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: LinkInput) => {
    if (link) await withToasts(linksApi.update(id, link.id, values), MSG.linkUpdated, () => MSG.linkUpdateFailed);
    else await withToasts(linksApi.create(id, values), MSG.linkAdded, () => MSG.linkCreateFailed);
    await reload();
  };
  return (
    <FormDialog<LinkInput>
      open={open}
      title={link ? 'Edit Link' : 'Add Link'}
      okText={link ? 'Update' : 'Save'}
      initialValues={link ?? {}}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input />
      </Form.Item>
      <Form.Item name="url" label="URL" rules={[{ required: true, message: 'URL is required' }]}>
        <Input inputMode="url" />
      </Form.Item>
    </FormDialog>
  );
}
