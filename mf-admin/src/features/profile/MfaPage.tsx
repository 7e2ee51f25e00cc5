import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, QRCode, Result, Tag, Typography } from 'antd';
import type { MfaInitResponse } from '@agency/contracts';
import { authApi, usersApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { applyMe, setSessionUser } from '../../session';

/** The code as typed ("123 456", "123-456") down to its six digits, or null. */
export function normaliseCode(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** MFA: the user's status, and setting up an authenticator app with a QR code and a 6-digit code. */
export function MfaPage() {
  const session = useObservable(bus.session$);
  const [setup, setSetup] = useState<MfaInitResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ code: string }>();

  if (!session) return null;
  const { user } = session;

  async function start() {
    setError(null);
    setStarting(true);
    try {
      setSetup(await authApi.mfaInit());
    } catch (err) {
      setError(`Unable to start MFA setup: ${errorMessage(err)}`);
    } finally {
      setStarting(false);
    }
  }

  async function verify({ code }: { code: string }) {
    setError(null);
    setVerifying(true);
    try {
      await authApi.mfaVerify(normaliseCode(code)!);
    } catch (err) {
      setError(errorMessage(err, 'unable to verify'));
      form.setFieldValue('code', '');
      setVerifying(false);
      return;
    }
    // Enabled on the server: reload the profile, or at least mark it here.
    try {
      applyMe(await usersApi.me());
    } catch {
      setSessionUser({ ...user, mfaEnabled: true });
    }
    setSetup(null);
    setVerifying(false);
    bus.toast({ kind: 'success', message: 'Multi-factor authentication enabled' });
  }

  if (user.mfaEnabled) {
    return (
      <Result
        status="success"
        title="Multi-factor authentication is enabled"
        subTitle="Each sign-in asks for a code from your authenticator app. An administrator can reset it if you lose your device."
        extra={<Tag color="success">MFA Enabled</Tag>}
      />
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      {session.mfaSetupRequired && (
        <Alert type="warning" showIcon title="Your account requires multi-factor authentication. Set it up to keep using Agency Desk." />
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {!setup ? (
        <>
          <div>
            <Tag color="default">MFA Not Setup</Tag>
          </div>
          <Typography.Paragraph>
            Protect your sign-in with a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator,
            1Password and others).
          </Typography.Paragraph>
          <div>
            <Button type="primary" loading={starting} onClick={() => void start()}>
              Set Up MFA
            </Button>
          </div>
        </>
      ) : (
        <>
          <Typography.Paragraph>Scan this code with your authenticator app, or enter the key by hand. Then type the 6-digit code it shows.</Typography.Paragraph>
          <figure style={{ margin: 0 }} aria-label="QR code for your authenticator app">
            <QRCode type="svg" value={setup.url} size={192} />
          </figure>
          <div>
            <Typography.Text type="secondary">Key: </Typography.Text>
            <Typography.Text code copyable={{ text: setup.code }} data-testid="mfa-key">
              {setup.code}
            </Typography.Text>
          </div>
          <Form<{ code: string }> form={form} layout="vertical" requiredMark={false} onFinish={verify} style={{ maxWidth: 260 }}>
            <Form.Item
              label="Authentication code"
              name="code"
              rules={[
                { required: true, message: 'Enter the 6-digit code' },
                { validator: (_r, v: string) => (!v || normaliseCode(v) ? Promise.resolve() : Promise.reject(new Error('Enter the 6-digit code'))) },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123 456" />
            </Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={verifying}>
                Verify
              </Button>
              <Button onClick={() => (setSetup(null), setError(null))}>Cancel</Button>
            </Flex>
          </Form>
        </>
      )}
    </Flex>
  );
}
