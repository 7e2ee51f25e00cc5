import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { errorMessage, phoneBlockApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { blockedNumberAdded } from '@agency/contracts';
import { formatPhone } from '@agency/ui';

/** Block Phone Number (spec 001 "Dialogs"): the reason, then the number joins the account's block list. */
export function BlockNumberDialog({ phoneNumber, onClose }: { phoneNumber: string | null; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  async function block() {
    if (!phoneNumber) return;
    setSaving(true);
    try {
      // The plus sign is removed before sending (spec 001 §5).
      await phoneBlockApi.add({ phoneNumber: phoneNumber.replace(/\D/g, ''), reason: reason.trim() });
      bus.toast({ kind: 'success', message: blockedNumberAdded(formatPhone(phoneNumber)) });
      setReason('');
      onClose();
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      title="Block Phone Number"
      open={!!phoneNumber}
      okText="Block"
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void block()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{formatPhone(phoneNumber ?? '')}</p>
      <Form layout="vertical">
        <Form.Item label="Reason For Blocking" htmlFor="block-reason">
          <Input.TextArea id="block-reason" value={reason} maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
