import { useState, type FormEvent } from 'react';
import {
  isWelcomeToken,
  RESET_CODE_DIGITS,
  RESET_CODE_NAME,
  RESET_CODE_PATTERN,
  RESET_CODE_REQUIRED,
  RESET_DIGITS_PATTERN,
} from '@agency/contracts/src/constants';
import { errorMessage } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { rememberedEmail } from '../session/storage';
import { Button, Notice, PasswordField, TextField } from '@agency/ui/src/public/controls';
import { PublicFrame } from '@agency/ui/src/public/PublicFrame';
import type { PublicTheme } from '@agency/ui/src/public/theme';
import { emailError } from './loginMessages';

export interface ForgotPasswordPageProps {
  /** The address's query (?email). */
  search: string;
  /** An emailed link's code or welcome token (/forgot-password/:userId/:token). */
  token?: string;
  theme: PublicTheme;
  /** Goes to sign in (with the email and what was done, in the address). */
  onDone(to: string): void;
}

interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

type Errors = Partial<Record<keyof ResetValues, string>>;

function validateReset(v: ResetValues, welcome: boolean): Errors {
  const errors: Errors = {};
  const email = emailError(v.email);
  if (email) errors.email = email;
  if (!welcome && !RESET_DIGITS_PATTERN.test(v.code)) errors.code = RESET_CODE_REQUIRED;
  if (!v.password) errors.password = 'Password is required';
  else if (v.password.length < 8) errors.password = 'Password must be at least 8 characters';
  else if (v.password.length > 128) errors.password = 'Password must be at most 128 characters';
  if (!v.confirm) errors.confirm = 'Confirm the new password';
  else if (v.confirm !== v.password) errors.confirm = 'The passwords do not match';
  return errors;
}

const errorProps = (message?: string) => ({ message, status: message ? ('error' as const) : undefined });

/**
 * Forgotten password: the email gets an 8-digit code (RESET_CODE_DIGITS), then code and new password change it.
 * /forgot-password/:userId/:token is an emailed link: it opens the second step with the code filled
 * in; a welcome link's token (128 bits) is used as it is, with no code to type. Like the sign-in
 * page, it is drawn without antd's components and stands alone on a full load.
 */
export default function ForgotPasswordPage({ search, token, theme, onDone }: ForgotPasswordPageProps) {
  const [params] = useState(() => new URLSearchParams(search));
  const linkCode = token && RESET_CODE_PATTERN.test(token) ? token : '';
  // A welcome link's token, until the person asks for a mailed code instead.
  const [welcome, setWelcome] = useState(isWelcomeToken(linkCode));
  // The request that mailed the code: the code is only good with it.
  const [requestId, setRequestId] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<'email' | 'reset'>(token ? 'reset' : 'email');
  const [values, setValues] = useState<ResetValues>(() => ({
    email: params.get('email') ?? rememberedEmail(),
    code: isWelcomeToken(linkCode) ? '' : linkCode,
    password: '',
    confirm: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const set = (key: keyof ResetValues, value: string) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (tried) setErrors(step === 'email' ? { email: emailError(next.email) } : validateReset(next, welcome));
      return next;
    });

  async function sendCode(address: string) {
    setBusy(true);
    setError(null);
    try {
      const sent = await publicApi.forgotPassword(address.trim());
      setRequestId(sent.requestId);
      setValues((v) => ({ ...v, email: address.trim(), code: '' }));
      setInfo(`If ${address.trim()} belongs to an account, ${RESET_CODE_NAME} is on its way.`);
      setWelcome(false);
      setTried(false);
      setErrors({});
      setStep('reset');
    } catch (err) {
      setError(errorMessage(err, 'Unable to send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  function askForCode(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const problem = emailError(values.email);
    setErrors({ email: problem });
    if (!problem && !busy) void sendCode(values.email);
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    const found = validateReset(values, welcome);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(null);
    try {
      const email = values.email.trim();
      await publicApi.forgotPasswordVerify(email, welcome ? linkCode : values.code, values.password, welcome ? undefined : requestId);
      onDone(`/login?email=${encodeURIComponent(email)}&done=passwordChanged`);
    } catch (err) {
      setError(errorMessage(err, 'Unable to change the password. Please try again.'));
      setValues((v) => ({ ...v, code: '' }));
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <div style={{ textAlign: 'center', marginTop: 16 }}>
      <a href="/login">Back to sign in</a>
    </div>
  );

  if (step === 'email') {
    return (
      <PublicFrame theme={theme} title="Forgot password" subtitle={`Enter your email and we will send you ${RESET_CODE_NAME} to choose a new password.`}>
        {error && <Notice kind="error">{error}</Notice>}
        <form name="forgot" noValidate onSubmit={askForCode}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            {...errorProps(errors.email)}
          />
          <Button type="submit" busy={busy}>
            Send Code
          </Button>
        </form>
        {back}
      </PublicFrame>
    );
  }

  return (
    <PublicFrame
      theme={theme}
      title="Choose a new password"
      subtitle={welcome ? 'Choose the password for your new sign-in.' : `Enter the ${RESET_CODE_DIGITS}-digit code from the email and your new password.`}
    >
      {info && !error && <Notice kind="info">{info}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form name="reset" noValidate onSubmit={(e) => void reset(e)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={!values.email}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          {...errorProps(errors.email)}
        />
        {!welcome && (
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_DIGITS}
            autoFocus={!!values.email && !linkCode}
            value={values.code}
            onChange={(e) => set('code', e.target.value)}
            {...errorProps(errors.code)}
          />
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus={!!values.email && !!linkCode}
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          {...errorProps(errors.password)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(e) => set('confirm', e.target.value)}
          {...errorProps(errors.confirm)}
        />
        <Button type="submit" busy={busy}>
          Change Password
        </Button>
        <Button kind="link" disabled={busy} onClick={() => void sendCode(values.email)}>
          Send a new code
        </Button>
      </form>
      {back}
    </PublicFrame>
  );
}
