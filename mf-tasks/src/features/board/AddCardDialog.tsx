import { useState } from 'react';
import { enterSubmits } from '../../enterSubmits';
import { Button, Form, Input, Modal } from 'antd';
import { ClientPicker } from './ClientPicker';

export interface NewCard {
  title: string;
  details: string;
  clientId: string | null;
}

/** The new-card form: Title, Details and client. Enter submits, Esc closes. */
export function AddCardDialog({
  open,
  laneLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  laneLabel: string;
  onClose: () => void;
  onSubmit: (card: NewCard) => Promise<boolean>;
}) {
  const [form] = Form.useForm<NewCard>();
  const [saving, setSaving] = useState(false);
  const finish = async (values: NewCard) => {
    setSaving(true);
    try {
      if (await onSubmit({ title: values.title?.trim() ?? '', details: values.details ?? '', clientId: values.clientId ?? null })) {
        form.resetFields();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={`Add a card to ${laneLabel}`}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="add" type="primary" htmlType="submit" form="add-task-card" loading={saving}>
          Add Card
        </Button>,
      ]}
    >
      <Form
        id="add-task-card"
        form={form}
        onKeyDown={enterSubmits(() => form.submit())}
        layout="vertical"
        onFinish={finish}
        initialValues={{ title: '', details: '', clientId: null }}
      >
        <Form.Item name="title" label="Title">
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item name="details" label="Details">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <Form.Item name="clientId" label="Client">
          <ClientPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
