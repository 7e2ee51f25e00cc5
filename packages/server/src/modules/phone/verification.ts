import type { CallerVerification } from '@agency/contracts';

/*
 * Caller verification from the carrier's incoming-call webhook.
 * - StirVerstat (Twilio, and the local carrier alike) is the STIR/SHAKEN result of the caller's
 *   number: TN-Validation-Passed-A (full attestation), -B or -C (partial or gateway attestation),
 *   TN-Validation-Failed[-A|-B|-C] (the signature did not validate: the number is likely spoofed),
 *   No-TN-Validation (nothing to validate). Absent when the carrier has nothing to say.
 * - AddOns (Twilio Marketplace, when the account has a spam add-on installed) is JSON whose results
 *   carry a spam score: Nomorobo's `nomorobo_spamscore` result has score 1 for a known robocaller.
 * A failed validation is fraud whatever else is said; a spam score makes an otherwise passed call spam.
 */

/** The add-on results that mark a caller as spam: each returns true when its result says so. */
const SPAM_SIGNALS: Record<string, (result: Record<string, unknown>) => boolean> = {
  nomorobo_spamscore: (r) => Number(r.score) === 1,
};

function saysSpam(addOns: string | undefined): boolean {
  if (!addOns) return false;
  try {
    const parsed = JSON.parse(addOns) as { results?: Record<string, { status?: string; result?: Record<string, unknown> }> };
    return Object.entries(parsed.results ?? {}).some(([name, r]) => r?.status === 'successful' && !!r.result && (SPAM_SIGNALS[name]?.(r.result) ?? false));
  } catch {
    return false;
  }
}

export interface CarrierVerification {
  /** The StirVerstat as the carrier sent it, or null. */
  stirVerstat: string | null;
  verification: CallerVerification | null;
}

export function callerVerification(params: { StirVerstat?: string; AddOns?: string }): CarrierVerification {
  const verstat = params.StirVerstat?.trim().slice(0, 64) || null;
  const spam = saysSpam(params.AddOns);
  if (verstat && /^TN-Validation-Failed/i.test(verstat)) return { stirVerstat: verstat, verification: 'fraud' };
  if (spam) return { stirVerstat: verstat, verification: 'spam' };
  if (!verstat) return { stirVerstat: null, verification: null };
  return { stirVerstat: verstat, verification: /^TN-Validation-Passed-A$/i.test(verstat) ? 'verified' : 'unverified' };
}
