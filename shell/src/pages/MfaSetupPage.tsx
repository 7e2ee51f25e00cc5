import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { QRCodeSVG } from '@rc-component/qrcode';
import type { MfaInitResponse, Session } from '@agency/contracts';
import { errorMessage } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { Button, Loading, Notice, TextField } from '@agency/ui/src/public/controls';
import { PublicFrame } from '@agency/ui/src/public/PublicFrame';
import type { PublicTheme } from '@agency/ui/src/public/theme';
import { safeRedirect } from './loginMessages';

/** The key in groups of four, easier to type into an authenticator app. */
export const groupKey = (key: string) => key.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const CODE_MESSAGE = 'Enter the 6-digit code';

/**
 * /mfa-setup, forced after sign-in when the account (or the super role) requires MFA and the user
 * has none: scan the QR code (drawn here, from the otpauth URL), or type the key, then confirm a
 * code. A page of its own on a full load (src/public/mfaSetup.tsx), and the same inside the app.
 * `onDone` gets the session as it is now and where to go.
 */
export default function MfaSetupPage({
  session,
  search,
  theme,
  onDone,
}: {
  session: Session;
  search: string;
  theme: PublicTheme;
  onDone(session: Session, to: string): void;
}) {
  const [setup, setSetup] = useState<MfaInitResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  const start = useCallback(() => {
    setLoadError(null);
    setSetup(null);
    publicApi.mfaInit(session.token).then(setSetup, (err: unknown) => setLoadError(errorMessage(err, 'Unable to start the setup.')));
  }, [session.token]);
  useEffect(start, [start]);

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (!setup || busy) return;
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(CODE_MESSAGE);
    setCodeError(undefined);
    setBusy(true);
    setError(null);
    try {
      await publicApi.mfaVerify(session.token, code.trim());
      const to = safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/';
      onDone({ ...session, mfaSetupRequired: false, user: { ...session.user, mfaEnabled: true } }, to);
    } catch (err) {
      setError(errorMessage(err, 'Invalid code'));
      setCode('');
      setBusy(false);
    }
  }

  async function copyKey() {
    if (!setup) return;
    await navigator.clipboard?.writeText(setup.code).catch(() => undefined);
    setCopied(true);
  }

  return (
    <PublicFrame
      theme={theme}
      title="Set up two-step verification"
      subtitle={
        session.mfaSetupRequired
          ? 'Your agency requires a code from an authenticator app at sign-in. Set it up to continue.'
          : 'Add a code from an authenticator app to your sign-in.'
      }
    >
      {loadError && (
        <>
          <Notice kind="error">{loadError}</Notice>
          <Button kind="link" onClick={start}>
            Retry
          </Button>
        </>
      )}
      <ol className="public-steps">
        <li>
          <p>Scan this code with Google Authenticator, Microsoft Authenticator, 1Password or a similar app.</p>
          <div className="public-qr">
            {setup ? (
              // dark on light in both themes: authenticator apps read that best
              <QRCodeSVG
                value={setup.url}
                size={176}
                fgColor="#000000"
                bgColor="#ffffff"
                marginSize={2}
                role="img"
                aria-label="QR code for your authenticator app"
              />
            ) : (
              <Loading label="Preparing your key" />
            )}
          </div>
          <p className="public-muted">Or enter this key by hand:</p>
          {setup && (
            <div className="public-key">
              <code data-testid="mfa-key">{groupKey(setup.code)}</code>
              <Button kind="link" onClick={() => void copyKey()} aria-label="Copy the key" style={{ width: 'auto', marginTop: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          )}
        </li>
        <li>
          <p>Enter the 6-digit code the app shows.</p>
        </li>
      </ol>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void verify(e)} noValidate>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          disabled={!setup}
          onChange={(e) => setCode(e.target.value)}
          status={codeError ? 'error' : undefined}
          message={codeError}
        />
        <Button type="submit" busy={busy} disabled={!setup}>
          Verify and Continue
        </Button>
      </form>
      <p className="public-center" style={{ marginTop: 16 }}>
        <a href="/logout">Sign out</a>
      </p>
    </PublicFrame>
  );
}
