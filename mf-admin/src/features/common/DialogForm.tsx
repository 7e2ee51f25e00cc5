import { useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space, type FormInstance } from 'antd';

export interface DialogFormProps<T> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<T>;
  /** Resolves when saved (the dialog closes); rejects to stay open with what was typed. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  okText?: string;
  okDisabled?: boolean;
  width?: number;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
}

/** A dialog around one form: Enter submits (Save is the form's submit button), Esc and Cancel close it. */
export function DialogForm<T extends object>({ open, title, initialValues, onSubmit, onClose, okText = 'Save', okDisabled, width, children }: DialogFormProps<T>) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const finish = async (values: T) => {
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // reported by the caller
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={width} destroyOnHidden mask={{ closable: false }}>
      <Form<T> form={form} layout="vertical" onFinish={finish} preserve={false} initialValues={initialValues} requiredMark={false}>
        {typeof children === 'function' ? children(form) : children}
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={okDisabled}>
            {busy ? 'Saving...' : okText}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
