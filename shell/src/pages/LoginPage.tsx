import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { AccountSummary } from '@agency/contracts';
import { AUTH_MESSAGES } from '@agency/contracts';
import { authApi } from '@agency/api-client';
import { rememberEmail, rememberedEmail, saveSession } from '../session/session';
import { DesktopDownloads } from './DesktopDownloads';
import { checkHealth, LOGOUT_REASONS, safeRedirect } from './loginMessages';
import { PublicLayout } from './PublicLayout';

interface Values {
  email: string;
  password: string;
  account?: string;
  remember: boolean;
  code?: string;
}

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/** Sign in: email, password, account, Remember Me, and the MFA step when the server asks for it. */
export default function LoginPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [accounts, setAccounts] = useState<AccountSummary[]>([]);
  const [checkedEmail, setCheckedEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mfaStep, setMfaStep] = useState(false);
  const lastChecked = useRef('');
  const email = Form.useWatch('email', form) ?? '';
  const reason = params.get('reason');
  const notice = (location.state as { notice?: string } | null)?.notice;

  const loadAccounts = useCallback(
    async (value: string) => {
      const trimmed = value.trim();
      if (!looksLikeEmail(trimmed) || trimmed.toLowerCase() === lastChecked.current) return;
      lastChecked.current = trimmed.toLowerCase();
      setChecking(true);
      try {
        const list = await authApi.check(trimmed);
        if (lastChecked.current !== trimmed.toLowerCase()) return;
        setAccounts(list);
        setCheckedEmail(trimmed);
        const current = form.getFieldValue('account');
        if (!list.some((a) => a.id === current)) form.setFieldValue('account', list.length === 1 ? list[0].id : undefined);
      } catch (err) {
        setAccounts([]);
        lastChecked.current = '';
        const text = await checkHealth(authApi.health);
        setError(text ?? (err instanceof Error ? err.message : null));
      } finally {
        setChecking(false);
      }
    },
    [form],
  );

  // On arrival only: the email from the link or the remembered one.
  const [initialEmail] = useState(() => params.get('email') ?? rememberedEmail());
  useEffect(() => {
    void checkHealth(authApi.health).then((text) => text && setError(text));
    if (initialEmail) void loadAccounts(initialEmail);
  }, [initialEmail, loadAccounts]);

  // The account list follows the email as it is typed.
  useEffect(() => {
    if (!looksLikeEmail(email)) return;
    const t = setTimeout(() => void loadAccounts(email), 600);
    return () => clearTimeout(t);
  }, [email, loadAccounts]);

  async function submit(values: Values) {
    setError(null);
    setSubmitting(true);
    try {
      const health = await checkHealth(authApi.health);
      if (health) {
        setError(health);
        return;
      }
      const session = await authApi.signIn(values.email.trim(), values.password, {
        account: values.account!,
        code: mfaStep ? values.code : undefined,
        device: 'desktop',
      });
      rememberEmail(values.remember ? values.email.trim() : null);
      saveSession(session);
      const redirect = safeRedirect(params.get('redirect'));
      if (session.mfaSetupRequired) navigate(redirect ? `/mfa-setup?redirect=${encodeURIComponent(redirect)}` : '/mfa-setup', { replace: true });
      else navigate(redirect ?? '/', { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (message === AUTH_MESSAGES.mfaRequired) {
        setMfaStep(true);
        form.setFieldValue('code', '');
      } else {
        setError(message || AUTH_MESSAGES.invalidLogin);
        if (mfaStep) form.setFieldValue('code', '');
      }
    } finally {
      setSubmitting(false);
    }
  }

  const noAccounts = !checking && checkedEmail !== '' && checkedEmail === email.trim() && accounts.length === 0;
  const forgotLink = looksLikeEmail(email) ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : '/forgot-password';

  return (
    <PublicLayout
      title={mfaStep ? 'Two-step verification' : 'Sign in'}
      subtitle={mfaStep ? 'Enter the 6-digit code from your authenticator app.' : 'Welcome back. Sign in to your agency.'}
      aside={<DesktopDownloads />}
    >
      {reason && LOGOUT_REASONS[reason] && (
        <Alert type="info" showIcon title={LOGOUT_REASONS[reason]} style={{ marginBottom: 16 }} data-testid="logout-reason" />
      )}
      {notice && !error && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: params.get('email') ?? rememberedEmail(), remember: !!rememberedEmail() }}
        onFinish={submit}
        name="login"
      >
        <div hidden={mfaStep}>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Email is required' },
              { type: 'email', message: 'Enter a valid email address' },
            ]}
          >
            <Input autoComplete="username" autoFocus size="large" onBlur={(e) => void loadAccounts(e.target.value)} />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Form.Item
            label="Account"
            name="account"
            rules={[{ required: true, message: 'Choose an account' }]}
            help={noAccounts ? 'No accounts found for this email.' : undefined}
            validateStatus={noAccounts ? 'warning' : undefined}
          >
            <Select
              size="large"
              loading={checking}
              placeholder={accounts.length ? 'Choose an account' : 'Enter your email first'}
              options={accounts.map((a) => ({ value: a.id, label: a.name }))}
              notFoundContent="No accounts for this email"
            />
          </Form.Item>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 20 }}>
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>Remember Me</Checkbox>
            </Form.Item>
            <Link to={forgotLink}>Forgot Password</Link>
          </div>
        </div>
        {mfaStep && (
          <Form.Item
            label="Authentication code"
            name="code"
            rules={[
              { required: true, message: 'Enter the 6-digit code' },
              { pattern: /^\d{6}$/, message: 'Enter the 6-digit code' },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus size="large" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          Sign In
        </Button>
        {mfaStep && (
          <Button
            type="link"
            block
            onClick={() => {
              setMfaStep(false);
              form.setFieldValue('code', '');
            }}
            style={{ marginTop: 8 }}
          >
            Back
          </Button>
        )}
      </Form>
    </PublicLayout>
  );
}
