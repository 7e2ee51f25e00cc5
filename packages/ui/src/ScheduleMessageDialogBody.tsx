import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { SCHEDULE_MESSAGES, SCHEDULE_MIN_AHEAD_MINUTES, SCHEDULE_STEP_MINUTES } from '@agency/contracts';
import { formatPhone } from './format';
import { useReturnFocus } from './focus';
import { toLocalInput } from './slots';
import { earliestSlot, type ScheduleMessageDialogProps } from './ScheduleMessageDialog';

interface Values {
  when: string;
  messageTo: string;
  message: string;
}

/** ScheduleMessageDialog's dialog (ScheduleMessageDialog.tsx loads it when a screen first draws one). */
export default function ScheduleMessageDialogBody({ open, recipients, client, smsRoom, schedule, onClose, onScheduled }: ScheduleMessageDialogProps) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useReturnFocus(open);

  async function submit(values: Values) {
    if (!values.when || !values.messageTo || !values.message?.trim()) return setError(SCHEDULE_MESSAGES.allRequired);
    setBusy(true);
    setError(null);
    try {
      await schedule({ date: new Date(values.when).toISOString(), messageTo: values.messageTo, message: values.message, smsRoom, client });
      form.resetFields();
      onScheduled();
      onClose();
    } catch (err) {
      setError((err as Error).message || SCHEDULE_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Schedule Message"
      open={open}
      onCancel={onClose}
      okText="Schedule"
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !recipients.length }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {!recipients.length && <Alert type="warning" showIcon role="alert" title={SCHEDULE_MESSAGES.failed} />}
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      {recipients.length > 0 && (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ when: toLocalInput(earliestSlot()), messageTo: recipients[0]!.phone, message: '' }}
          onFinish={(v) => void submit(v)}
          onFinishFailed={() => setError(SCHEDULE_MESSAGES.allRequired)}
        >
          <Form.Item
            label="Send at"
            name="when"
            rules={[{ required: true, message: SCHEDULE_MESSAGES.allRequired }]}
            extra={`At least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes from now, on a quarter hour.`}
          >
            <Input type="datetime-local" step={SCHEDULE_STEP_MINUTES * 60} min={toLocalInput(earliestSlot())} />
          </Form.Item>
          <Form.Item label="Recipient" name="messageTo" rules={[{ required: true, message: SCHEDULE_MESSAGES.allRequired }]}>
            <Select options={recipients.map((r) => ({ value: r.phone, label: `${r.label} · ${formatPhone(r.phone)}` }))} />
          </Form.Item>
          <Form.Item label="Message" name="message" rules={[{ required: true, whitespace: true, message: SCHEDULE_MESSAGES.allRequired }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
