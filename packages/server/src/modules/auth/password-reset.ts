import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/index';
import { badRequest, tooManyRequests } from '../../http/errors';
import type { MailProvider } from '../../providers/mail/index';
import { AUTH_MESSAGES, INVALID_RESET_CODE_MESSAGE, RESET_CODE_DIGITS } from '@agency/contracts';
import { anonymousWho, recordAudit, userAbout } from '../audit/trail';
import { addHit, hitCount } from './rate-limit';
import { hashPassword, revokeSessions, verifyPassword } from './service';

/*
 * Forgot password, by an 8-digit code (RESET_CODE_DIGITS) sent by mail.
 *
 * - One request makes one code for the email. Its hash is stored for every user with that email
 *   (the same person may be a user of several agencies) and one mail lists the agencies it resets.
 * - The code is bound to its request: the answer carries a request id (for any email, known or
 *   not), the page sends it back with the code, and a code is only ever checked with its own
 *   request's id. A welcome link's 128-bit token needs none.
 * - A code lives 15 minutes and allows 5 attempts in all; each attempt is claimed before the code
 *   is compared, so parallel guesses cannot exceed 5.
 * - At most 3 codes per email per hour are sent: with 5 attempts each, that caps guesses at 15 an
 *   hour for any email, however many addresses ask. Requests beyond that get the same answer and
 *   no mail, and sign-in itself is never blocked by this.
 * - Wrong codes are also counted per agency, whatever the address or email: past
 *   RESET_FAILURES_PER_ACCOUNT in an hour, that agency's codes are refused for the rest of the hour
 *   (a guess spread over many emails and addresses stays hopeless), and the person whose wrong code
 *   reached the limit is told by mail.
 * - The answer never says whether the email exists.
 */

export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_ATTEMPTS = 5;
const CODES_PER_HOUR = 3;
export const RESET_FAILURES_PER_ACCOUNT = 20;

const accountFailuresKey = (accountId: string) => `resetfail:${accountId}`;

const resetKey = (email: string) => `reset:${email.trim().toLowerCase()}`;

/** The request id is compared by its hash; a random one is handed out for unknown emails too. */
const requestHash = (requestId: string) => createHash('sha256').update(requestId).digest('base64url');

/** Mails a code when the email is known; returns the request id the code is bound to. */
export async function requestPasswordReset(db: Db, mail: MailProvider, email: string): Promise<string> {
  const requestId = randomBytes(16).toString('base64url');
  const users = await db.query<{ id: string; account_id: string; account_name: string; first_name: string }>(
    `select u.id, u.account_id, a.name as account_name, u.first_name
       from users u join accounts a on a.id = u.account_id
      where lower(u.email) = lower($1) and u.deleted_at is null
      order by a.name`,
    [email.trim()],
  );
  const code = String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
  const codeHash = await hashPassword(code); // hashed even for an unknown email: same time either way
  if (!users.length) return requestId;
  if ((await hitCount(db, resetKey(email), 60)) >= CODES_PER_HOUR) return requestId;

  await db.tx(async (q) => {
    await addHit(q, resetKey(email), 60);
    for (const u of users) {
      await q.query(
        `insert into password_resets (user_id, account_id, code_hash, request_hash, attempts, expires_at)
         values ($1, $2, $3, $4, 0, now() + make_interval(mins => $5))
         on conflict (user_id) do update set code_hash = excluded.code_hash, request_hash = excluded.request_hash, attempts = 0, expires_at = excluded.expires_at`,
        [u.id, u.account_id, codeHash, requestHash(requestId), RESET_CODE_MINUTES],
      );
    }
  });
  const agencies = users.map((u) => `  - ${u.account_name}`).join('\n');
  // A failed send must not answer differently from an unknown email: log it and carry on.
  await mail
    .send({
      accountId: users.length === 1 ? users[0].account_id : null,
      to: email.trim(),
      subject: 'Your Agency Desk password reset code',
      body:
        `Hello ${users[0].first_name},\n\n` +
        `Your password reset code is ${code}. It expires in ${RESET_CODE_MINUTES} minutes.\n\n` +
        `It sets a new password for your sign-in at:\n${agencies}\n\n` +
        `If you did not ask for this, you can ignore this mail: your password stays as it is.\n`,
    })
    .catch((err) => console.error('password reset mail failed', err));
  return requestId;
}

/**
 * Checks the code and sets the new password for every user of that email holding a matching live
 * code, ending their sessions. Returns the ended sessions so sockets can be told.
 */
export async function verifyPasswordReset(
  db: Db,
  input: { email: string; code: string; password: string; requestId?: string },
  mail?: MailProvider,
  ip: string | null = null,
): Promise<Array<{ id: string; account_id: string }>> {
  // Agencies past their wrong-code limit this hour: their codes are not even looked at.
  const accounts = await db.query<{ account_id: string }>(
    `select distinct pr.account_id from password_resets pr join users u on u.id = pr.user_id
      where lower(u.email) = lower($1) and u.deleted_at is null and pr.expires_at > now()`,
    [input.email.trim()],
  );
  const paused: string[] = [];
  for (const { account_id } of accounts) if ((await hitCount(db, accountFailuresKey(account_id), 60)) >= RESET_FAILURES_PER_ACCOUNT) paused.push(account_id);
  if (accounts.length && paused.length === accounts.length) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);

  // Claim one attempt on every live code of this email before comparing anything.
  const claimed = await db.tx((q) =>
    q.query<{ user_id: string; account_id: string; code_hash: string }>(
      `update password_resets pr set attempts = pr.attempts + 1
         from users u
        where u.id = pr.user_id and lower(u.email) = lower($1) and u.deleted_at is null
          and pr.expires_at > now() and pr.attempts < $2 and not (pr.account_id = any($3::uuid[]))
          and pr.request_hash is not distinct from $4::text
       returning pr.user_id, pr.account_id, pr.code_hash`,
      [input.email.trim(), RESET_CODE_ATTEMPTS, paused, input.requestId ? requestHash(input.requestId) : null],
    ),
  );
  const matched: string[] = [];
  for (const row of claimed) if (await verifyPassword(row.code_hash, input.code)) matched.push(row.user_id);
  if (!matched.length) {
    const reached = await db.tx(async (q) => {
      const limits: string[] = [];
      for (const row of claimed) {
        await recordAudit(q, anonymousWho(row.account_id, ip), 'resetCodeFailed', await userAbout(q, row.account_id, row.user_id));
      }
      for (const accountId of new Set(claimed.map((r) => r.account_id))) {
        if ((await addHit(q, accountFailuresKey(accountId), 60)) === RESET_FAILURES_PER_ACCOUNT) {
          limits.push(accountId);
          await recordAudit(q, anonymousWho(accountId, ip), 'resetsPaused', null, `${RESET_FAILURES_PER_ACCOUNT} wrong codes within an hour`);
        }
      }
      return limits;
    });
    if (reached.length && mail) {
      await mail
        .send({
          accountId: reached[0]!,
          to: input.email.trim(),
          subject: 'Password resets paused for an hour',
          body:
            'Too many wrong password reset codes were entered for your agency in the last hour, so codes are refused for the rest of it. ' +
            'Your password has not changed. If you did not ask for a reset, tell your administrator.\n',
        })
        .catch((err: unknown) => console.error('reset pause mail failed', err));
    }
    throw badRequest(INVALID_RESET_CODE_MESSAGE);
  }

  const passwordHash = await hashPassword(input.password);
  return db.tx(async (q) => {
    await q.query('update users set password_hash = $2 where id = any($1::uuid[])', [matched, passwordHash]);
    for (const row of claimed.filter((r) => matched.includes(r.user_id))) {
      await recordAudit(q, anonymousWho(row.account_id, ip), 'passwordResetByCode', await userAbout(q, row.account_id, row.user_id));
    }
    await q.query('delete from password_resets where user_id = any($1::uuid[])', [matched]);
    return revokeSessions(q, matched, 'password reset');
  });
}
