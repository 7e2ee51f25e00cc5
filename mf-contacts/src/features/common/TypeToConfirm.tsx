import { useId, useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short code the person must type back; no look-alike characters. */
export function confirmationCode(length = 6, random = Math.random): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return code;
}

export interface TypeToConfirmProps {
  open: boolean;
  title: string;
  /** What deleting does, in a sentence. */
  description: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Fixed code for tests; a random one otherwise. */
  code?: string;
}

/** Delete is enabled only when the typed text equals the shown code exactly. */
export function TypeToConfirm({ open, title, description, onConfirm, onClose, code: fixed }: TypeToConfirmProps) {
  const [code, setCode] = useState(() => fixed ?? confirmationCode());
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const matches = typed === code;
  const close = () => {
    setTyped('');
    setCode(fixed ?? confirmationCode()); // a new code for the next opening
    onClose();
  };
  const submit = async () => {
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onConfirm();
      close();
    } catch {
      // reported by the caller; stay open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} onCancel={close} footer={null} destroyOnHidden>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Alert type="warning" showIcon title={description} style={{ marginBottom: 12 }} />
        <label htmlFor={id}>
          Type{' '}
          <Typography.Text code strong data-testid="confirm-code">
            {code}
          </Typography.Text>{' '}
          to confirm
        </label>
        <Input id={id} value={typed} autoComplete="off" autoFocus onChange={(e) => setTyped(e.target.value)} style={{ marginTop: 4 }} />
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
          <Button onClick={close}>Cancel</Button>
          <Button danger type="primary" htmlType="submit" disabled={!matches} loading={busy}>
            Delete
          </Button>
        </Space>
      </form>
    </Modal>
  );
}
