import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { usersApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** The spec's words (002 section 5); the length asked is the server's policy, above the spec's 5. */
export const PASSWORD_WEAK = 'Password complexity is weak';
export const PASSWORD_MISMATCH = 'Password do not match';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirm: string;
}

/** Change Password: the current one, a new one of at least 8 characters, and the same again. */
export function ChangePasswordPage() {
  const session = useObservable(bus.session$);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = Form.useWatch('currentPassword', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const ready = current.length > 0 && password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH && confirm === password;

  if (!session) return null;

  async function submit(values: PasswordValues) {
    setError(null);
    setSaving(true);
    try {
      await usersApi.changePassword(session!.user.id, values.currentPassword, values.password);
      form.resetFields();
      bus.toast({ kind: 'success', message: 'Password Updated' });
    } catch (err) {
      setError(`There was an error updating your password. ${errorMessage(err)}`);
      form.setFieldValue('currentPassword', '');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div style={{ maxWidth: 420 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form<PasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        {/* Lets password managers pair the new password with the account. */}
        <input type="text" name="username" autoComplete="username" value={session.user.email} readOnly hidden />
        <Form.Item label="Current Password" name="currentPassword" rules={[{ required: true, message: 'Enter your current password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          extra={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          rules={[
            { required: true, message: 'Enter a new password' },
            { min: MIN_PASSWORD_LENGTH, message: PASSWORD_WEAK },
            { max: MAX_PASSWORD_LENGTH, message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Enter the new password again' },
            ({ getFieldValue }) => ({
              validator: (_r, value: string) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(PASSWORD_MISMATCH)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!ready} loading={saving}>
          Submit
        </Button>
      </Form>
    </div>
  );
}
