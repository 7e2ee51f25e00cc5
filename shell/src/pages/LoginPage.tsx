import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { AccountSummary } from '@agency/contracts';
import { AUTH_MESSAGES } from '@agency/contracts';
import { ApiRequestError, authApi } from '@agency/api-client';
import { AgencyTheme } from '@agency/ui';
import { rememberEmail, rememberedEmail, saveSession } from '../session/session';
import { DesktopDownloads } from './DesktopDownloads';

const REASONS: Record<string, string> = {
  multipleLoginsDetected: 'You were signed out because your account signed in somewhere else.',
  sessionExpired: 'Your session expired. Please sign in again.',
  idle: 'You were signed out after a long time without activity.',
};

interface Values {
  email: string;
  password: string;
  account?: string;
  remember: boolean;
  code?: string;
}

/** Sign in: email, password, account, Remember Me, and the MFA step when the server asks for it. */
export default function LoginPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [accounts, setAccounts] = useState<AccountSummary[]>([]);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mfaStep, setMfaStep] = useState(false);
  const lastChecked = useRef('');
  const reason = params.get('reason');

  useEffect(() => {
    authApi.health().then(
      (r) => r.message !== 'OK' && setError('Network Issue'),
      (err: unknown) => setError(err instanceof ApiRequestError && err.status ? err.message : 'Network Communication Issue'),
    );
    const email = rememberedEmail();
    if (email) void loadAccounts(email);
  }, []);

  async function loadAccounts(email: string) {
    const trimmed = email.trim();
    if (!trimmed || trimmed === lastChecked.current) return;
    lastChecked.current = trimmed;
    setChecking(true);
    try {
      const list = await authApi.check(trimmed);
      setAccounts(list);
      const current = form.getFieldValue('account');
      if (!list.some((a) => a.id === current)) form.setFieldValue('account', list.length === 1 ? list[0].id : undefined);
    } catch (err) {
      setAccounts([]);
      setError(err instanceof ApiRequestError && !err.status ? 'Network Connection Issue' : null);
    } finally {
      setChecking(false);
    }
  }

  async function submit(values: Values) {
    setError(null);
    setSubmitting(true);
    try {
      const session = await authApi.signIn(values.email.trim(), values.password, {
        account: values.account!,
        code: mfaStep ? values.code : undefined,
        device: 'desktop',
      });
      rememberEmail(values.remember ? values.email.trim() : null);
      saveSession(session);
      const redirect = params.get('redirect');
      navigate(session.mfaSetupRequired ? '/mfa-setup' : redirect && redirect.startsWith('/') ? redirect : '/', { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (message === AUTH_MESSAGES.mfaRequired) {
        setMfaStep(true);
      } else {
        setError(message || AUTH_MESSAGES.invalidLogin);
        if (mfaStep) form.setFieldValue('code', '');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AgencyTheme>
      <main className="login-page" style={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 32, padding: 24, flexWrap: 'wrap' }}>
        <Card style={{ width: 400, maxWidth: '100%' }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            Agency Desk
          </Typography.Title>
          <Typography.Paragraph type="secondary">{mfaStep ? 'Enter the code from your authenticator app.' : 'Sign in to your agency.'}</Typography.Paragraph>
          {reason && REASONS[reason] && <Alert type="info" showIcon title={REASONS[reason]} style={{ marginBottom: 16 }} />}
          {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ email: rememberedEmail(), remember: !!rememberedEmail() }}
            onFinish={submit}
          >
            <div style={{ display: mfaStep ? 'none' : undefined }}>
              <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is required' }, { type: 'email', message: 'Enter a valid email address' }]}>
                <Input autoComplete="username" autoFocus onBlur={(e) => void loadAccounts(e.target.value)} />
              </Form.Item>
              <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
                <Input.Password autoComplete="current-password" onFocus={() => void loadAccounts(form.getFieldValue('email') ?? '')} />
              </Form.Item>
              <Form.Item label="Account" name="account" rules={[{ required: true, message: 'Choose an account' }]}>
                <Select
                  loading={checking}
                  placeholder={accounts.length ? 'Choose an account' : 'Enter your email first'}
                  options={accounts.map((a) => ({ value: a.id, label: a.name }))}
                  notFoundContent="No accounts for this email"
                />
              </Form.Item>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
                <Form.Item name="remember" valuePropName="checked" noStyle>
                  <Checkbox>Remember Me</Checkbox>
                </Form.Item>
                <Link to="/forgot-password">Forgot Password</Link>
              </div>
            </div>
            {mfaStep && (
              <Form.Item label="Authentication code" name="code" rules={[{ required: true, message: 'Enter the 6-digit code' }, { pattern: /^\d{6}$/, message: 'Enter the 6-digit code' }]}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Sign In
            </Button>
            {mfaStep && (
              <Button type="link" block onClick={() => (setMfaStep(false), form.setFieldValue('code', ''))} style={{ marginTop: 8 }}>
                Back
              </Button>
            )}
          </Form>
        </Card>
        <DesktopDownloads />
      </main>
    </AgencyTheme>
  );
}
