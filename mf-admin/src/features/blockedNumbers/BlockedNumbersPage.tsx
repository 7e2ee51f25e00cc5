import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage, phoneBlockApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { blockedNumberAdded, type BlockedNumber } from '@agency/contracts';
import { digitsOnly, formatDate, formatPhone, fullName, maskPhone, RetryAlert, useLiveQuery } from '@agency/ui';

export const BLOCK_MESSAGES = {
  loadFailed: (message: string) => `Unable to load block list: ${message}`,
  added: (number: string) => blockedNumberAdded(number),
  addFailed: (message: string) => `Unable to add to block list: ${message}`,
  removed: (number: string) => `${number} removed from block list`,
  removeFailed: (message: string) => `Unable to remove from block list: ${message}`,
  hint: '11 digits (ie; 12223334444)',
};

interface AddValues {
  phoneNumber: string;
  reason: string;
}

/** Add a blocked number: the phone (masked, 11 digits) and the reason. Enter submits, Esc closes. */
function AddBlockedDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (b: BlockedNumber) => void }) {
  const [form] = Form.useForm<AddValues>();
  const phone = Form.useWatch('phoneNumber', form) ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = digitsOnly(phone).length >= 11;

  async function submit(v: AddValues) {
    setBusy(true);
    setError(null);
    try {
      // The plus sign and the mask go: the server takes the 11 digits.
      const added = await phoneBlockApi.add({ phoneNumber: digitsOnly(v.phoneNumber), reason: (v.reason ?? '').trim() });
      bus.toast({ kind: 'success', message: BLOCK_MESSAGES.added(formatPhone(added.phoneNumber)) });
      onAdded(added);
      onClose();
    } catch (err) {
      setError(BLOCK_MESSAGES.addFailed(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title="Block a Phone Number" onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form<AddValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false} name="block">
        <Form.Item
          label="Phone Number"
          name="phoneNumber"
          normalize={(v: string) => maskPhone(v)}
          extra={BLOCK_MESSAGES.hint}
          rules={[{ validator: (_r, v: string) => (digitsOnly(v).length === 11 ? Promise.resolve() : Promise.reject(new Error(BLOCK_MESSAGES.hint))) }]}
        >
          <Input autoFocus inputMode="tel" placeholder="+1 (222) 333-4444" />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[{ max: 500, message: 'Reasons must be at most 500 characters' }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Flex justify="flex-end">
          <Space>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" htmlType="submit" disabled={!ready} loading={busy}>
              Submit
            </Button>
          </Space>
        </Flex>
      </Form>
    </Modal>
  );
}

/** Blocked Numbers: the account's block list, newest first, with add and remove. */
export function BlockedNumbersPage() {
  const list = useLiveQuery(() => phoneBlockApi.list());
  const error = list.error ? BLOCK_MESSAGES.loadFailed(errorMessage(list.error)) : null;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(b: BlockedNumber) {
    const number = formatPhone(b.phoneNumber);
    if (!(await bus.confirm(`Remove ${number} from the block list?`, 'Calls and texts from this number will come through again.'))) return;
    setRemoving(b.id);
    try {
      await phoneBlockApi.remove(b.id);
      list.update((r) => (r ?? []).filter((x) => x.id !== b.id));
      bus.toast({ kind: 'success', message: BLOCK_MESSAGES.removed(number) });
    } catch (err) {
      bus.toast({ kind: 'error', message: BLOCK_MESSAGES.removeFailed(errorMessage(err)) });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Blocked Numbers
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Block Number
        </Button>
      </Flex>
      {error && <RetryAlert message={error} onRetry={list.reload} />}
      <Table<BlockedNumber>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: 'No blocked numbers' }}
        columns={[
          { title: 'Phone Number', dataIndex: 'phoneNumber', render: (v: string) => formatPhone(v) },
          { title: 'Reason', dataIndex: 'reason', render: (v: string) => v || '-' },
          { title: 'Added By', dataIndex: 'addedBy', render: (v: BlockedNumber['addedBy']) => (v ? fullName(v) : '-') },
          { title: 'Created', dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
          {
            title: '',
            key: 'actions',
            width: 64,
            align: 'right',
            render: (_: unknown, b) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${formatPhone(b.phoneNumber)}`}
                loading={removing === b.id}
                onClick={() => void remove(b)}
              />
            ),
          },
        ]}
      />
      <AddBlockedDialog open={adding} onClose={() => setAdding(false)} onAdded={(b) => list.update((r) => [b, ...(r ?? [])])} />
    </div>
  );
}
