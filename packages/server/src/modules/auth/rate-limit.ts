import { AUTH_MESSAGES } from '@agency/contracts';
import type { AuthLimits } from '../../config';
import type { Db, Queryable } from '../../db/index';
import { tooManyRequests } from '../../http/errors';

/*
 * Sign-in limits. Counts live in the auth_failures table, so every API process sees the same
 * numbers. The rule keeps guessers out without letting anyone lock an agency's people out:
 *
 * - A sign-in, unlock or password change is counted before any password is checked, each counter a
 *   fixed window of `windowMinutes`:
 *     "ap:<address>|<person>"  at most `perAddressAndEmail` (5 by default): one person from one address
 *                              ("ae:<address>|<email>" for an email that is no one in that account)
 *     "a:<address>"            at most `perAddress` (30 by default), every email together
 *     "p:<person>"             failures into one existing person from every address the person has
 *                              not signed in from lately; it refuses no one by itself. Past `perPerson`
 *                              (20 by default) the person is under a spread-out guess: an address
 *                              they have not signed in from gets `underGuessPerAddress` tries (2: a
 *                              typo and the right one), and past `perPersonCap` (50) none at all until
 *                              the window is over. An address the person signed in from within
 *                              KNOWN_ADDRESS_DAYS keeps its full allowance whatever happens elsewhere,
 *                              and its failures (the person's typos) do not count here.
 *   Made-up emails count only against the address sending them: no account or person pays for them.
 *   A try past a limit answers 429 and is taken back off the counters, so parallel requests can
 *   never get more tries than the limit, and a blocked guesser does not add to the person's count.
 * - The try then settles: a failure (unknown email, wrong password, wrong MFA code) stays counted;
 *   a success clears its "ap:" counter and takes its own try back off the others; "2fa required"
 *   (right password, code not sent yet) is a step of a normal sign-in and is taken back too.
 * - A success (password and code right) records the address as one the person signed in from.
 * - A success never clears the address or person counters, so a valid account cannot be used to
 *   wipe the record of an address guessing other people's passwords.
 * - /auth/check/{email} and forgot-password count every call per address ("lk:", "fp:").
 */

const addressEmailKey = (address: string, email: string) => `ae:${address}|${email.trim().toLowerCase()}`;
const addressPersonKey = (address: string, userId: string) => `ap:${address}|${userId}`;
const addressKey = (address: string) => `a:${address}`;
const personKey = (userId: string) => `p:${userId}`;

/** How long a successful sign-in makes its address one the person signs in from. */
export const KNOWN_ADDRESS_DAYS = 30;

/** How many hits `key` has within the last `minutes`. */
export async function hitCount(q: Queryable, key: string, minutes: number): Promise<number> {
  const [row] = await q.query<{ count: number }>(`select count from auth_failures where key = $1 and window_start > now() - make_interval(mins => $2)`, [
    key,
    minutes,
  ]);
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

/** Takes one hit back off `key` (within its window). */
export async function takeBack(q: Queryable, key: string, minutes: number): Promise<void> {
  await q.query(`update auth_failures set count = greatest(count - 1, 0) where key = $1 and window_start > now() - make_interval(mins => $2)`, [key, minutes]);
}

/** A counted sign-in try, to be settled once the password (and code) have been checked. */
export interface SignInTry {
  /** The password was right: its own counts are cleared or taken back. */
  succeeded(): Promise<void>;
  /** Not a guess ("2fa required"): taken back off every counter. */
  notAGuess(): Promise<void>;
}

export class SignInLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: AuthLimits,
  ) {}

  /**
   * Counts a try of `email` from `address` into `accountId` before any password is checked; throws
   * 429, counting nothing, when a limit is passed.
   */
  async attempt(address: string, email: string, accountId: string): Promise<SignInTry> {
    const { windowMinutes: w, perAddressAndEmail, perAddress, perPerson, perPersonCap, underGuessPerAddress } = this.limits;
    const counted = await this.db.tx(async (q) => {
      const [person] = await q.query<{ id: string; known: boolean }>(
        `select u.id, exists (select 1 from sign_in_addresses s where s.user_id = u.id and s.address = $3
                                and s.last_success_at > now() - make_interval(days => $4)) as known
           from users u where u.account_id = $1 and lower(u.email) = lower($2) and u.deleted_at is null`,
        [accountId, email.trim(), address, KNOWN_ADDRESS_DAYS],
      );
      const pair = person ? addressPersonKey(address, person.id) : addressEmailKey(address, email);
      // The person's own recent address is not part of a spread-out guess: its failures are their typos.
      const countsIntoPerson = person && !person.known;
      const keys = [pair, addressKey(address), ...(countsIntoPerson ? [personKey(person.id)] : [])];
      const [fromHere, fromAddress, intoPerson = 0] = [
        await addHit(q, keys[0]!, w),
        await addHit(q, keys[1]!, w),
        ...(countsIntoPerson ? [await addHit(q, keys[2]!, w)] : []),
      ];
      // Under a spread-out guess, an address the person has not signed in from gets a typo's allowance, then none at all.
      const pairLimit = intoPerson > perPersonCap ? 0 : intoPerson > perPerson ? Math.min(underGuessPerAddress, perAddressAndEmail) : perAddressAndEmail;
      if (fromHere <= pairLimit && fromAddress <= perAddress) return { keys, personId: person?.id };
      for (const key of keys) await takeBack(q, key, w);
      return null;
    });
    if (!counted) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    const { keys, personId } = counted;
    return {
      succeeded: () =>
        this.db.tx(async (q) => {
          await q.query('delete from auth_failures where key = $1', [keys[0]]);
          for (const key of keys.slice(1)) await takeBack(q, key, w);
          if (personId) {
            await q.query(
              `insert into sign_in_addresses (user_id, address) values ($1, $2)
               on conflict (user_id, address) do update set last_success_at = now()`,
              [personId, address],
            );
          }
        }),
      notAGuess: () =>
        this.db.tx(async (q) => {
          for (const key of keys) await takeBack(q, key, w);
        }),
    };
  }

  /** Throws 429 when this address has failed too often (a wrong password-reset code counts). */
  async checkAddress(address: string): Promise<void> {
    if ((await hitCount(this.db, addressKey(address), this.limits.windowMinutes)) >= this.limits.perAddress) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    }
  }

  /** A failure tied to an address only (a wrong password-reset code). */
  async failedFrom(address: string): Promise<void> {
    await this.db.tx((q) => addHit(q, addressKey(address), this.limits.windowMinutes));
  }

  /** Counts one call of `kind` from `address`; throws 429 (not counting it) past its limit. */
  async call(kind: 'lookup' | 'resetRequest', address: string): Promise<void> {
    const { windowMinutes: w, lookupsPerAddress, resetRequestsPerAddress } = this.limits;
    const [key, limit] = kind === 'lookup' ? [`lk:${address}`, lookupsPerAddress] : [`fp:${address}`, resetRequestsPerAddress];
    const refused = await this.db.tx(async (q) => {
      if ((await addHit(q, key, w)) <= limit) return false;
      await takeBack(q, key, w);
      return true;
    });
    if (refused) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  }
}
