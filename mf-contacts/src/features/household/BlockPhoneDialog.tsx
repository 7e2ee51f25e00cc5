import { Form, Input, Typography } from 'antd';
import { phoneBlockApi } from '@agency/api-client';
import { failureText, formatPhone, FormDialog, notifyError, notifySuccess } from '@agency/ui';
import { MSG } from '../common/messages';

/** Block Phone Number: the number (plus sign removed) and the Reason For Blocking. */
export function BlockPhoneDialog({ open, number, onClose }: { open: boolean; number: string; onClose: () => void }) {
  const submit = async ({ reason }: { reason?: string }) => {
    const digits = number.replace(/\D/g, '');
    const phoneNumber = digits.length === 10 ? `1${digits}` : digits;
    try {
      await phoneBlockApi.add({ phoneNumber, reason: reason ?? '' });
      notifySuccess(MSG.blockAdded(formatPhone(phoneNumber)));
    } catch (err) {
      notifyError(failureText(err) || 'Unable to block the number');
      throw err;
    }
  };
  return (
    <FormDialog<{ reason?: string }> open={open} title="Block Phone Number" okText="Block" onSubmit={submit} onClose={onClose}>
      <Typography.Paragraph>
        Calls and texts from <strong>{formatPhone(number)}</strong> will be blocked.
      </Typography.Paragraph>
      <Form.Item name="reason" label="Reason For Blocking">
        <Input.TextArea autoFocus maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormDialog>
  );
}
