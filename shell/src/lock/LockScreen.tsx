import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Avatar, Button, Form, Input, theme, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { authApi, ApiRequestError } from '@agency/api-client';
import { AUTH_MESSAGES } from '@agency/contracts';
import { bus } from '@agency/bus';
import { fillUnderWhite, fullName, initials, useObservable } from '@agency/ui';
import { saveSession } from '../session/session';
import { unlockScreen } from './lock';

export const UNLOCK_FALLBACK_MESSAGE = 'There was an issue logging in. Please try again or contact us.';

/** The unlock failure text: the server's message, else the fallback. */
export function unlockErrorText(err: unknown): string {
  if (err instanceof ApiRequestError && err.status !== null && err.message) return err.message;
  return UNLOCK_FALLBACK_MESSAGE;
}

/** Covers the app until the signed-in person types their password again. */
export function LockScreen() {
  const session = useObservable(bus.session$);
  const navigate = useNavigate();
  const { token: t } = theme.useToken();
  const [form] = Form.useForm<{ password: string; code?: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askedForCode, setAskedForCode] = useState(false);
  if (!session) return null;
  // While ghosting, the person at the keyboard is the admin: their password unlocks.
  const person = session.ghostedBy ?? session.user;
  // With MFA on, unlocking takes a code from the authenticator too.
  const needsCode = person.mfaEnabled || askedForCode;

  async function unlock({ password, code }: { password: string; code?: string }) {
    const current = bus.session$.value;
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.unlock(
        person.email,
        password,
        { account: person.account, device: 'desktop', code: needsCode ? code : undefined },
        current.token,
      );
      if (result?.token && result.token !== current.token) saveSession({ ...current, token: result.token, expiresAt: result.expiresAt });
      form.resetFields();
      unlockScreen();
    } catch (err) {
      form.setFieldsValue({ password: '', code: '' });
      if (err instanceof ApiRequestError && err.message === AUTH_MESSAGES.mfaRequired) {
        setAskedForCode(true);
        setError('Enter the code from your authenticator app as well.');
      } else setError(unlockErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="lock-screen"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1500,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: `radial-gradient(circle at 30% 20%, color-mix(in srgb, ${t.colorPrimary} 35%, transparent), transparent 60%), ${t.colorBgMask}`,
        backdropFilter: 'blur(14px)',
      }}
    >
      <div
        style={{
          width: 360,
          maxWidth: '100%',
          background: t.colorBgElevated,
          borderRadius: t.borderRadiusLG * 2,
          boxShadow: t.boxShadowSecondary,
          padding: '36px 32px 28px',
          textAlign: 'center',
        }}
      >
        <Avatar
          size={88}
          src={person.avatar || undefined}
          style={{ background: person.themeColor ? fillUnderWhite(person.themeColor) : t.colorPrimary, fontSize: 32, marginBottom: 12 }}
        >
          {initials(person)}
        </Avatar>
        <Typography.Title level={4} id="lock-title" style={{ margin: 0 }}>
          {fullName(person)}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
          <LockOutlined /> Screen locked. Enter your password to continue.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16, textAlign: 'left' }} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={unlock} name="unlock" style={{ textAlign: 'left' }}>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" autoFocus size="large" />
          </Form.Item>
          {needsCode && (
            <Form.Item
              label="Authentication code"
              name="code"
              rules={[
                { required: true, message: 'Enter the 6-digit code' },
                { pattern: /^\d{6}$/, message: 'Enter the 6-digit code' },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Unlock
          </Button>
          <Button block type="text" style={{ marginTop: 8 }} onClick={() => navigate('/logout')}>
            Logout
          </Button>
        </Form>
      </div>
    </div>
  );
}
