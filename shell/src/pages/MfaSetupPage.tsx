import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { authApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { MfaInitResponse } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { patchSession } from '../session/session';
import { safeRedirect } from './loginMessages';
import { PublicLayout } from './PublicLayout';

/** The key in groups of four, easier to type into an authenticator app. */
export const groupKey = (key: string) => key.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Forced after sign-in when the account (or the super role) requires MFA and the user has none:
 * scan the QR code (drawn here, from the otpauth URL), or type the key, then confirm a code.
 */
export default function MfaSetupPage() {
  const session = useObservable(bus.session$);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [setup, setSetup] = useState<MfaInitResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const hasSession = !!session;

  const start = useCallback(() => {
    setLoadError(null);
    setSetup(null);
    authApi.mfaInit().then(setSetup, (err: unknown) => setLoadError(errorMessage(err, 'Unable to start the setup.')));
  }, []);

  useEffect(() => {
    if (hasSession) start();
  }, [hasSession, start]);

  if (!session) return <Navigate to="/login?redirect=%2Fmfa-setup" replace />;

  async function verify({ code }: { code: string }) {
    setBusy(true);
    setError(null);
    try {
      await authApi.mfaVerify(code);
      const current = bus.session$.value;
      if (current) patchSession({ mfaSetupRequired: false, user: { ...current.user, mfaEnabled: true } });
      navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Invalid code'));
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout
      title="Set up two-step verification"
      subtitle={
        session.mfaSetupRequired
          ? 'Your agency requires a code from an authenticator app at sign-in. Set it up to continue.'
          : 'Add a code from an authenticator app to your sign-in.'
      }
    >
      {loadError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={loadError}
          action={
            <Button size="small" onClick={start}>
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <ol style={{ paddingLeft: 20, margin: '0 0 8px' }}>
        <li style={{ marginBottom: 12 }}>
          <Typography.Text>Scan this code with Google Authenticator, Microsoft Authenticator, 1Password or a similar app.</Typography.Text>
          <div style={{ display: 'flex', justifyContent: 'center', margin: '12px 0' }}>
            {setup ? (
              // dark on light in both themes: authenticator apps read that best
              <QRCode value={setup.url} size={176} color="#000000" bgColor="#ffffff" bordered aria-label="QR code for your authenticator app" />
            ) : (
              <Skeleton.Node active style={{ width: 176, height: 176 }} />
            )}
          </div>
          <Typography.Text type="secondary">Or enter this key by hand:</Typography.Text>
          <div style={{ marginTop: 4 }}>
            {setup ? (
              <Typography.Text code copyable={{ text: setup.code }} data-testid="mfa-key" style={{ fontSize: 14 }}>
                {groupKey(setup.code)}
              </Typography.Text>
            ) : (
              <Skeleton.Input active size="small" />
            )}
          </div>
        </li>
        <li>
          <Typography.Text>Enter the 6-digit code the app shows.</Typography.Text>
        </li>
      </ol>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={verify} name="mfa-setup">
        <Form.Item
          label="Verification code"
          name="code"
          rules={[
            { required: true, message: 'Enter the 6-digit code' },
            { pattern: /^\d{6}$/, message: 'Enter the 6-digit code' },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" disabled={!setup} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!setup}>
          Verify and Continue
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/logout">Sign out</Link>
      </div>
    </PublicLayout>
  );
}
