import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { authApi, errorMessage } from '@agency/api-client';
import { isWelcomeToken, RESET_CODE_PATTERN } from '@agency/contracts';
import { rememberedEmail } from '../session/session';
import { PublicLayout } from './PublicLayout';

export const PASSWORD_CHANGED_NOTICE = 'Your password was changed. Sign in with your new password.';

interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Forgotten password: the email gets a 4-digit code, then code and new password change it.
 * /forgot-password/:userId/:token is an emailed link: it opens the second step with the code filled
 * in; a welcome link's token (128 bits) is used as it is, with no code to type.
 */
export default function ForgotPasswordPage() {
  const { token } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const initialEmail = params.get('email') ?? rememberedEmail();
  const linkCode = token && RESET_CODE_PATTERN.test(token) ? token : '';
  // A welcome link's token, until the person asks for a mailed code instead.
  const [welcome, setWelcome] = useState(isWelcomeToken(linkCode));
  // The request that mailed the code: the code is only good with it.
  const [requestId, setRequestId] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<'email' | 'reset'>(token ? 'reset' : 'email');
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [resetForm] = Form.useForm<ResetValues>();

  async function sendCode(address: string) {
    setBusy(true);
    setError(null);
    try {
      const sent = await authApi.forgotPassword(address.trim());
      setRequestId(sent.requestId);
      setEmail(address.trim());
      resetForm.setFieldValue('email', address.trim());
      setInfo(`If ${address.trim()} belongs to an account, a 4-digit code is on its way.`);
      setWelcome(false);
      setStep('reset');
    } catch (err) {
      setError(errorMessage(err, 'Unable to send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function reset(values: ResetValues) {
    setBusy(true);
    setError(null);
    try {
      await authApi.forgotPasswordVerify(values.email.trim(), welcome ? linkCode : values.code, values.password, welcome ? undefined : requestId);
      navigate(`/login?email=${encodeURIComponent(values.email.trim())}`, { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    } catch (err) {
      setError(errorMessage(err, 'Unable to change the password. Please try again.'));
      resetForm.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <div style={{ textAlign: 'center', marginTop: 16 }}>
      <Link to="/login">Back to sign in</Link>
    </div>
  );

  if (step === 'email') {
    return (
      <PublicLayout title="Forgot password" subtitle="Enter your email and we will send you a 4-digit code to choose a new password.">
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form<{ email: string }> layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={(v) => void sendCode(v.email)} name="forgot">
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Email is required' },
              { type: 'email', message: 'Enter a valid email address' },
            ]}
          >
            <Input autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Send Code
          </Button>
        </Form>
        {back}
      </PublicLayout>
    );
  }

  return (
    <PublicLayout
      title="Choose a new password"
      subtitle={welcome ? 'Choose the password for your new sign-in.' : 'Enter the 4-digit code from the email and your new password.'}
    >
      {info && !error && <Alert type="info" showIcon title={info} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<ResetValues>
        form={resetForm}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email, code: welcome ? '' : linkCode }}
        onFinish={reset}
        name="reset"
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Email is required' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input autoComplete="username" size="large" autoFocus={!email} />
        </Form.Item>
        {!welcome && (
          <Form.Item
            label="Code"
            name="code"
            rules={[
              { required: true, message: 'Enter the 4-digit code' },
              { pattern: /^\d{4}$/, message: 'Enter the 4-digit code' },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={4} size="large" autoFocus={!!email && !linkCode} />
          </Form.Item>
        )}
        <Form.Item
          label="New password"
          name="password"
          rules={[
            { required: true, message: 'Password is required' },
            { min: 8, message: 'Password must be at least 8 characters' },
            { max: 128, message: 'Password must be at most 128 characters' },
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" autoFocus={!!email && !!linkCode} />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Confirm the new password' },
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('The passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Change Password
        </Button>
        <Button type="link" block disabled={busy} style={{ marginTop: 8 }} onClick={() => void sendCode(resetForm.getFieldValue('email') ?? email)}>
          Send a new code
        </Button>
      </Form>
      {back}
    </PublicLayout>
  );
}
