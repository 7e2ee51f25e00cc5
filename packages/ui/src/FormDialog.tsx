import { useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space, type FormInstance } from 'antd';

export interface FormDialogProps<T> {
  open: boolean;
  title: ReactNode;
  /** Values the form starts from each time it opens. */
  initialValues?: Partial<T>;
  /** Resolves when saved (the dialog closes), rejects to stay open. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  okText?: string;
  /** Extra buttons left of Cancel (Delete). */
  extra?: ReactNode;
  width?: number;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
  okDisabled?: boolean;
  /** Whether required fields carry antd's mark (default true). */
  requiredMark?: boolean;
}

/**
 * A dialog around one form, mounted afresh on each opening with its initial values: Enter submits (the Save button is the form's submit button), Esc and
 * Cancel close it, Save reads 'Saving...' while busy.
 */
export function FormDialog<T extends object>({
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
