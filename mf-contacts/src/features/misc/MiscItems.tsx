import { useState } from 'react';
import { Button, Form, Input, List, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { MiscItem, MiscItemInput } from '@agency/contracts';
import { miscItemsApi } from '@agency/api-client';
import { confirmAction, FormDialog, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';

/** Add Misc Value, or Edit {label} with Update and Delete. */
function MiscDialog({ open, item, onClose }: { open: boolean; item: MiscItem | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const [deleting, setDeleting] = useState(false);
  const submit = async (values: MiscItemInput) => {
    if (item) await withToasts(miscItemsApi.update(id, item.id, values), MSG.miscUpdated, MSG.miscUpdateFailed);
    else await withToasts(miscItemsApi.create(id, values), MSG.miscAdded, MSG.miscCreateFailed);
    await reload();
  };
  const remove = async () => {
    if (!item || !(await confirmAction(MSG.miscDeleteConfirm(item.label)))) return;
    setDeleting(true);
    try {
      await withToasts(miscItemsApi.remove(id, item.id), MSG.miscRemoved, MSG.miscDeleteFailed);
      await reload();
      onClose();
    } catch {
      // reported
    } finally {
      setDeleting(false);
    }
  };
  return (
    <FormDialog<MiscItemInput>
      open={open}
      title={item ? `Edit ${item.label}` : 'Add Misc Value'}
      okText={item ? 'Update' : 'Save'}
      initialValues={item ?? {}}
      onSubmit={submit}
      onClose={onClose}
      extra={
        item ? (
          <Button danger loading={deleting} onClick={() => void remove()}>
            Delete
          </Button>
        ) : null
      }
    >
      <Form.Item name="label" label="Label">
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="value" label="Value">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** The Extra tab: free label and value items. */
export function MiscItems() {
  const { full } = useContact();
  const dialog = useDialog<MiscItem>();
  return (
    <section aria-label="Extra">
      <Button icon={<PlusOutlined />} onClick={dialog.openNew} style={{ marginBottom: 8 }}>
        Add Misc Value
      </Button>
      <List
        bordered
        dataSource={full.miscItems}
        locale={{ emptyText: 'No extra items' }}
        renderItem={(item) => (
          <List.Item
            data-testid="misc-item"
            actions={[
              <Button key="edit" type="link" onClick={() => dialog.openEdit(item)} aria-label={`Edit ${item.label}`}>
                Edit
              </Button>,
            ]}
          >
            <List.Item.Meta title={item.label} description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{item.value}</Typography.Text>} />
          </List.Item>
        )}
      />
      <MiscDialog open={dialog.open} item={dialog.record} onClose={dialog.close} />
    </section>
  );
}
