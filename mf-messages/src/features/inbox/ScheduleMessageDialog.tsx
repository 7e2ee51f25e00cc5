import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { errorMessage, smsApi } from '@agency/api-client';
import { SCHEDULE_MESSAGES, SCHEDULE_MIN_AHEAD_MINUTES, SCHEDULE_STEP_MINUTES, type SmsRoom } from '@agency/contracts';
import { formatPhone, nextSlot, toLocalInput } from '@agency/ui';

interface Values {
  when: string;
  messageTo: string;
  message: string;
}

/** The earliest a text may be scheduled: 30 minutes from now, on the next quarter hour. */
export const earliestSlot = (now = new Date()) => nextSlot(new Date(now.getTime() + (SCHEDULE_MIN_AHEAD_MINUTES - 1) * 60_000), SCHEDULE_STEP_MINUTES);

/** Schedule a text to the room's number (spec 001 §5). Enter schedules it, Esc closes. */
export function ScheduleMessageDialog({ room, open, onClose, onScheduled }: { room: SmsRoom; open: boolean; onClose(): void; onScheduled(): void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    if (!values.when || !values.messageTo || !values.message?.trim()) return setError(SCHEDULE_MESSAGES.allRequired);
    setBusy(true);
    setError(null);
    try {
      await smsApi.schedule({ date: new Date(values.when).toISOString(), messageTo: values.messageTo, message: values.message, smsRoom: room.id, client: room.client?.id ?? null });
      form.resetFields();
      onScheduled();
      onClose();
    } catch (err) {
      setError(errorMessage(err, SCHEDULE_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Schedule Message" open={open} onCancel={onClose} okText="Schedule" onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ when: toLocalInput(earliestSlot()), messageTo: room.phoneNumber, message: '' }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={() => setError(SCHEDULE_MESSAGES.allRequired)}
      >
        <Form.Item label="Send at" name="when" rules={[{ required: true, message: SCHEDULE_MESSAGES.allRequired }]} extra={`At least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes from now, on a quarter hour.`}>
          <Input type="datetime-local" step={SCHEDULE_STEP_MINUTES * 60} min={toLocalInput(earliestSlot())} />
        </Form.Item>
        <Form.Item label="Recipient" name="messageTo" rules={[{ required: true, message: SCHEDULE_MESSAGES.allRequired }]}>
          <Select options={[{ value: room.phoneNumber, label: `${room.client?.name ?? 'Mobile'} · ${formatPhone(room.phoneNumber)}` }]} />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={[{ required: true, whitespace: true, message: SCHEDULE_MESSAGES.allRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
