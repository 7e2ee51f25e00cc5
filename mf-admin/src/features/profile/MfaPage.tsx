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

interface ConfirmValues {
  currentPassword: string;
  currentCode: string;
}

/** MFA: the user's status, and setting up an authenticator app with a QR code and a 6-digit code. */
export function MfaPage() {
  const session = useObservable(bus.session$);
  const [setup, setSetup] = useState<MfaInitResponse | null>(null);
  const [starting, setStarting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const [confirmForm] = Form.useForm<ConfirmValues>();
  const [confirming, setConfirming] = useState<'again' | 'off' | null>(null);

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

  /** Setting up again (a new secret) or turning off: both need the current password and code first. */
  async function confirmed(values: ConfirmValues) {
    setError(null);
    setStarting(true);
    const confirm = { currentPassword: values.currentPassword, currentCode: normaliseCode(values.currentCode) ?? undefined };
    try {
      if (confirming === 'again') {
        setSetup(await authApi.mfaInit(confirm));
      } else {
        const { message } = await authApi.mfaTurnOff(confirm);
        try {
          applyMe(await usersApi.me());
        } catch {
          setSessionUser({ ...user, mfaEnabled: false });
        }
        bus.toast({ kind: 'success', message });
      }
      setConfirming(null);
      confirmForm.resetFields();
    } catch (err) {
      setError(errorMessage(err, 'unable to verify'));
      confirmForm.setFieldValue('currentCode', '');
    } finally {
      setStarting(false);
    }
  }

  if (user.mfaEnabled && !setup) {
    const required = user.role === 'super' || session.account.mfaRequired;
    return (
      <Flex vertical gap={16} style={{ maxWidth: 560 }}>
        <Result
          status="success"
          title="Multi-factor authentication is enabled"
          subTitle="Each sign-in asks for a code from your authenticator app. An administrator can reset it if you lose your device."
          extra={<Tag color="success">MFA Enabled</Tag>}
        />
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        {confirming ? (
          <Form<ConfirmValues> form={confirmForm} layout="vertical" requiredMark={false} onFinish={(v) => void confirmed(v)} style={{ maxWidth: 320 }}>
            <Typography.Paragraph>
              {confirming === 'again' ? 'To set up a new authenticator, confirm it is you.' : 'To turn multi-factor authentication off, confirm it is you.'}
            </Typography.Paragraph>
            <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Enter your current password to continue.' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="Current authentication code"
              name="currentCode"
              rules={[
                { required: true, message: 'Enter the 6-digit code' },
                { validator: (_r, v: string) => (!v || normaliseCode(v) ? Promise.resolve() : Promise.reject(new Error('Enter the 6-digit code'))) },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123 456" />
            </Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" danger={confirming === 'off'} loading={starting}>
                {confirming === 'again' ? 'Continue' : 'Turn Off MFA'}
              </Button>
              <Button onClick={() => (setConfirming(null), setError(null), confirmForm.resetFields())}>Cancel</Button>
            </Flex>
          </Form>
        ) : (
          <Flex gap={8} justify="center">
            <Button onClick={() => setConfirming('again')}>Set Up Again</Button>
            {!required && (
              <Button danger onClick={() => setConfirming('off')}>
                Turn Off MFA
              </Button>
            )}
          </Flex>
        )}
      </Flex>
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
            Protect your sign-in with a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others).
          </Typography.Paragraph>
          <div>
            <Button type="primary" loading={starting} onClick={() => void start()}>
              Set Up MFA
            </Button>
          </div>
        </>
      ) : (
        <>
          <Typography.Paragraph>
            Scan this code with your authenticator app, or enter the key by hand. Then type the 6-digit code it shows.
          </Typography.Paragraph>
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
