import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthCheckResponse, Session } from '@agency/contracts';
import { AUTH_MESSAGES } from '@agency/contracts/src/constants';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { rememberEmail, rememberedEmail } from '../session/storage';
import { Button, CheckboxField, Notice, PasswordField, SelectField, TextField } from '@agency/ui/src/public/controls';
import { PublicFrame } from '@agency/ui/src/public/PublicFrame';
import type { PublicTheme } from '@agency/ui/src/public/theme';
import { DesktopDownloads } from './DesktopDownloads';
import { checkHealth, DONE_NOTICES, emailError, LOGOUT_REASONS, safeRedirect } from './loginMessages';

export interface LoginPageProps {
  /** The address's query: ?email, ?redirect, ?reason (why one was signed out), ?done (what was just done). */
  search: string;
  theme: PublicTheme;
  /** Takes a signed-in session into the app, at `to`. */
  onSignedIn(session: Session, to: string): void;
}

interface Values {
  email: string;
  password: string;
  account: string;
  remember: boolean;
  code: string;
}

type Errors = Partial<Record<keyof Values, string>>;

function validate(v: Values, mfaStep: boolean): Errors {
  if (mfaStep) return /^\d{6}$/.test(v.code) ? {} : { code: 'Enter the 6-digit code' };
  const errors: Errors = {};
  const email = emailError(v.email);
  if (email) errors.email = email;
  if (!v.password) errors.password = 'Password is required';
  if (!v.account) errors.account = 'Choose an account';
  return errors;
}

/**
 * Sign in: email, password, account, Remember Me, and the MFA step when the server asks for it.
 * Plain elements on the design tokens, so /login, a page of its own, loads no more than it draws.
 */
export default function LoginPage({ search, theme, onSignedIn }: LoginPageProps) {
  const [params] = useState(() => new URLSearchParams(search));
  const [values, setValues] = useState<Values>(() => {
    const email = params.get('email') ?? rememberedEmail();
    return { email, password: '', account: '', remember: !!rememberedEmail(), code: '' };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [accounts, setAccounts] = useState<AuthCheckResponse['accounts']>([]);
  const [checkedEmail, setCheckedEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mfaStep, setMfaStep] = useState(false);
  const lastChecked = useRef('');
  const reason = params.get('reason');
  const notice = DONE_NOTICES[params.get('done') ?? ''];

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (tried) setErrors(validate(next, mfaStep));
      return next;
    });

  const loadAccounts = useCallback(async (value: string) => {
    const trimmed = value.trim();
    if (emailError(trimmed) || trimmed.toLowerCase() === lastChecked.current) return;
    lastChecked.current = trimmed.toLowerCase();
    setChecking(true);
    try {
      const list = await publicApi.check(trimmed);
      if (lastChecked.current !== trimmed.toLowerCase()) return;
      setAccounts(list);
      setCheckedEmail(trimmed);
      setValues((v) => (list.some((a) => a.id === v.account) ? v : { ...v, account: list.length === 1 ? list[0].id : '' }));
    } catch (err) {
      setAccounts([]);
      lastChecked.current = '';
      const text = await checkHealth(publicApi.health);
      setError(text ?? (err instanceof Error ? err.message : null));
    } finally {
      setChecking(false);
    }
  }, []);

  // On arrival only: the health of the API, and the accounts of the email from the link or the remembered one.
  const [initialEmail] = useState(values.email);
  useEffect(() => {
    void checkHealth(publicApi.health).then((text) => text && setError(text));
    if (initialEmail) void loadAccounts(initialEmail);
  }, [initialEmail, loadAccounts]);

  // The account list follows the email as it is typed.
  useEffect(() => {
    if (emailError(values.email)) return;
    const t = setTimeout(() => void loadAccounts(values.email), 600);
    return () => clearTimeout(t);
  }, [values.email, loadAccounts]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setTried(true);
    const found = validate(values, mfaStep);
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    setSubmitting(true);
    try {
      const health = await checkHealth(publicApi.health);
      if (health) {
        setError(health);
        return;
      }
      const email = values.email.trim();
      const session = await publicApi.signIn(email, values.password, {
        account: values.account,
        code: mfaStep ? values.code : undefined,
        device: 'desktop',
      });
      rememberEmail(values.remember ? email : null);
      const redirect = safeRedirect(params.get('redirect'));
      if (session.mfaSetupRequired) onSignedIn(session, redirect ? `/mfa-setup?redirect=${encodeURIComponent(redirect)}` : '/mfa-setup');
      else onSignedIn(session, redirect ?? '/');
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (message === AUTH_MESSAGES.mfaRequired) {
        setMfaStep(true);
        setTried(false);
        setErrors({});
        setValues((v) => ({ ...v, code: '' }));
      } else {
        setError(message || AUTH_MESSAGES.invalidLogin);
        if (mfaStep) setValues((v) => ({ ...v, code: '' }));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const noAccounts = !checking && checkedEmail !== '' && checkedEmail === values.email.trim() && accounts.length === 0;
  const forgotLink = emailError(values.email) ? '/forgot-password' : `/forgot-password?email=${encodeURIComponent(values.email.trim())}`;
  const accountMessage = errors.account ?? (noAccounts ? 'No accounts found for this email.' : undefined);

  return (
    <PublicFrame
      theme={theme}
      title={mfaStep ? 'Two-step verification' : 'Sign in'}
      subtitle={mfaStep ? 'Enter the 6-digit code from your authenticator app.' : 'Welcome back. Sign in to your agency.'}
      aside={<DesktopDownloads />}
    >
      {reason && LOGOUT_REASONS[reason] && (
        <Notice kind="info" data-testid="logout-reason">
          {LOGOUT_REASONS[reason]}
        </Notice>
      )}
      {notice && !error && <Notice kind="success">{notice}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form name="login" noValidate onSubmit={(e) => void submit(e)}>
        <div hidden={mfaStep}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus={!mfaStep}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            onBlur={(e) => void loadAccounts(e.target.value)}
            message={errors.email}
            status={errors.email ? 'error' : undefined}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            message={errors.password}
            status={errors.password ? 'error' : undefined}
          />
          <SelectField
            label="Account"
            value={values.account}
            onChange={(e) => set('account', e.target.value)}
            placeholder={accounts.length ? 'Choose an account' : 'Enter your email first'}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            aria-busy={checking || undefined}
            message={accountMessage}
            status={errors.account ? 'error' : noAccounts ? 'warning' : undefined}
          />
          <div className="public-row">
            <CheckboxField label="Remember Me" checked={values.remember} onChange={(e) => set('remember', e.target.checked)} />
            <a href={forgotLink}>Forgot Password</a>
          </div>
        </div>
        {mfaStep && (
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={values.code}
            onChange={(e) => set('code', e.target.value)}
            message={errors.code}
            status={errors.code ? 'error' : undefined}
          />
        )}
        <Button type="submit" busy={submitting}>
          Sign In
        </Button>
        {mfaStep && (
          <Button
            kind="link"
            onClick={() => {
              setMfaStep(false);
              setErrors({});
              setValues((v) => ({ ...v, code: '' }));
            }}
          >
            Back
          </Button>
        )}
      </form>
    </PublicFrame>
  );
}
