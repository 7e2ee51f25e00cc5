import * as OTPAuth from 'otpauth';

const ISSUER = 'Agency Desk';

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUrl(secret: string, label: string): string {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, secret: OTPAuth.Secret.fromBase32(secret) }).toString();
}

/**
 * Checks a code and returns its time step, or null. A caller stores the step and refuses any step
 * at or before it, so each code is usable once.
 */
export function verifyTotp(secret: string, code: string, lastStep: number | null): number | null {
  const totp = new OTPAuth.TOTP({ issuer: ISSUER, secret: OTPAuth.Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(Date.now() / 1000 / 30) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
