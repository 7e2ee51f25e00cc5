import { useState } from 'react';
import { Button, Form, Modal, Space } from 'antd';
import type { FormDialogProps } from './FormDialog';
import { useReturnFocus } from './focus';

/** FormDialog's dialog (FormDialog.tsx loads it when a screen first draws one). */
export default function FormDialogBody<T extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  okText = 'Save',
  extra,
  width,
  children,
  okDisabled,
  requiredMark = true,
}: FormDialogProps<T>) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  useReturnFocus(open);
  const finish = async (values: T) => {
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // the caller reported the failure; the dialog stays open with what was typed
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={width} destroyOnHidden mask={{ closable: false }}>
      <Form<T> form={form} layout="vertical" onFinish={finish} preserve={false} initialValues={initialValues} requiredMark={requiredMark}>
        {typeof children === 'function' ? children(form) : children}
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
          {extra}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={okDisabled}>
            {busy ? 'Saving...' : okText}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
