import { AUTH_MESSAGES } from '@agency/contracts';
import type { AuthLimits } from '../../config';
import type { Db, Queryable } from '../../db/index';
import { tooManyRequests } from '../../http/errors';

/*
 * Failed sign-in limits. Counts live in the auth_failures table, so every API process sees the same
 * numbers. The rule:
 *
 * - Each failed sign-in or unlock (unknown email, wrong password, wrong MFA code) adds one to two
 *   counters, each a fixed window of `windowMinutes`:
 *     "ae:<address>|<email>"  refused once it reaches `perAddressAndEmail` (5 by default)
 *     "a:<address>"           refused once it reaches `perAddress` (30 by default)
 * - A refused attempt answers 429 before any password is checked.
 * - There is no counter per email alone. Failures from other addresses never block a sign-in from
 *   an address that has not failed, so nobody can lock a real user out by guessing their password
 *   from elsewhere; someone guessing is slowed down per address instead.
 * - A successful sign-in clears its own "ae:" counter. It does not clear the address counter, so a
 *   valid account cannot be used to wipe the record of an address guessing other people's passwords.
 * - "2fa required" (right password, code not sent yet) is a step of a normal sign-in, not a failure.
 */

const addressEmailKey = (address: string, email: string) => `ae:${address}|${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;

/** How many hits `key` has within the last `minutes`. */
export async function hitCount(q: Queryable, key: string, minutes: number): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `select count from auth_failures where key = $1 and window_start > now() - make_interval(mins => $2)`,
    [key, minutes],
  );
  return row ? Number(row.count) : 0;
}

/** Adds one hit to `key`, starting a new window when the last one is over. Returns the new count. */
export async function addHit(q: Queryable, key: string, minutes: number): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    `insert into auth_failures (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when auth_failures.window_start > now() - make_interval(mins => $2) then auth_failures.count + 1 else 1 end,
       window_start = case when auth_failures.window_start > now() - make_interval(mins => $2) then auth_failures.window_start else now() end
     returning count`,
    [key, minutes],
  );
  // Old windows are of no use: sweep them now and then.
  if (Math.random() < 0.02) await q.query(`delete from auth_failures where window_start < now() - interval '1 day'`);
  return Number(row.count);
}

export class SignInLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: AuthLimits,
  ) {}

  /** Throws 429 when this address, or this address with this email, has failed too often. */
  async check(address: string, email: string): Promise<void> {
    const { windowMinutes, perAddressAndEmail, perAddress } = this.limits;
    const [pair, total] = await Promise.all([
      hitCount(this.db, addressEmailKey(address, email), windowMinutes),
      hitCount(this.db, addressKey(address), windowMinutes),
    ]);
    if (pair >= perAddressAndEmail || total >= perAddress) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  }

  async failed(address: string, email: string): Promise<void> {
    await this.db.tx(async (q) => {
      await addHit(q, addressEmailKey(address, email), this.limits.windowMinutes);
      await addHit(q, addressKey(address), this.limits.windowMinutes);
    });
  }

  /** A failure tied to an address only (a wrong password-reset code). */
  async failedFrom(address: string): Promise<void> {
    await this.db.tx((q) => addHit(q, addressKey(address), this.limits.windowMinutes));
  }

  async checkAddress(address: string): Promise<void> {
    if ((await hitCount(this.db, addressKey(address), this.limits.windowMinutes)) >= this.limits.perAddress) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    }
  }

  async succeeded(address: string, email: string): Promise<void> {
    await this.db.tx((q) => q.query('delete from auth_failures where key = $1', [addressEmailKey(address, email)]));
  }
}
