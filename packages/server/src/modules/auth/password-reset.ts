import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/index';
import { badRequest } from '../../http/errors';
import type { MailProvider } from '../../providers/mail/index';
import { INVALID_RESET_CODE_MESSAGE, RESET_CODE_DIGITS } from '@agency/contracts';
import { anonymousWho, recordAudit, userAbout } from '../audit/trail';
import { addHit, hitCount } from './rate-limit';
import { hashPassword, revokeSessions, verifyPassword } from './service';

/*
 * Forgot password, by an 8-digit code (RESET_CODE_DIGITS) or a link sent by mail. Nobody but the
 * person can stop them resetting, and guessing stays hopeless:
 *
 * - One request makes one code for the email, stored hashed for every user with that email (the
 *   same person may be a user of several agencies); one mail lists the agencies it resets.
 * - A new request does not cancel the codes before it: each lives its own 15 minutes. Using any one
 *   sets the password and spends all of them.
 * - A code is bound to its request: the answer carries a request id (for any email, known or not),
 *   the page sends it back with the code, and a guess only ever counts against the code of the
 *   request it names. So an outsider can only wear out codes they asked for themselves; a code
 *   dies after 5 wrong tries (each claimed before the comparison, so parallel guesses cannot pass 5).
 * - At most RESET_MAILS_PER_HOUR mails an hour per email, whoever asks: with 5 tries a code, at
 *   most 30 guesses an hour at one person, at 1 in 10^8 each. Requests past that get the same
 *   answer and no mail. An outsider may use up that allowance, but every mail they cause reaches
 *   the person, and each carries a link (a 128-bit token, looked up by its hash, so a wrong one
 *   touches nothing and no number of wrong ones wears it out) that works from any device for
 *   RESET_LINK_MINUTES, as long as the hour the mails are counted in. Whenever the allowance is
 *   used up, the last mail's link is still live until a new hour starts: the person can always
 *   reset. A welcome link's token works the same way, by its row (24 hours, 5 tries).
 * - Wrong codes count against the sending address too (the routes' per-address limit), never
 *   against an agency: no outsider can pause anyone else's resets.
 * - The answer never says whether the email exists.
 */

export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_ATTEMPTS = 5;
export const RESET_MAILS_PER_HOUR = 6;
export const RESET_LINK_MINUTES = 60;

const resetKey = (email: string) => `reset:${email.trim().toLowerCase()}`;

/** Request ids and link tokens (128 random bits) are compared by their hash. */
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Mails a code and a link when the email is known; returns the request id the code is bound to. */
export async function requestPasswordReset(db: Db, mail: MailProvider, email: string, publicUrl: string): Promise<string> {
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
  if ((await hitCount(db, resetKey(email), RESET_LINK_MINUTES)) >= RESET_MAILS_PER_HOUR) return requestId;

  const token = randomBytes(16).toString('base64url');
  const userIds = users.map((u) => u.id);
  await db.tx(async (q) => {
    await addHit(q, resetKey(email), RESET_LINK_MINUTES);
    await q.query(
      `delete from password_resets where user_id = any($1::uuid[]) and expires_at < now() and (link_expires_at is null or link_expires_at < now())`,
      [userIds],
    );
    for (const u of users) {
      await q.query(
        `insert into password_resets (user_id, account_id, code_hash, request_hash, token_hash, attempts, expires_at, link_expires_at)
         values ($1, $2, $3, $4, $5, 0, now() + make_interval(mins => $6), now() + make_interval(mins => $7))`,
        [u.id, u.account_id, codeHash, sha256(requestId), sha256(token), RESET_CODE_MINUTES, RESET_LINK_MINUTES],
      );
    }
  });
  const agencies = users.map((u) => `  - ${u.account_name}`).join('\n');
  const link = `${publicUrl}/forgot-password/${users[0]!.id}/${token}?email=${encodeURIComponent(email.trim())}`;
  // A failed send must not answer differently from an unknown email: log it and carry on.
  await mail
    .send({
      accountId: users.length === 1 ? users[0]!.account_id : null,
      to: email.trim(),
      subject: 'Your Agency Desk password reset code',
      body:
        `Hello ${users[0]!.first_name},\n\n` +
        `Your password reset code is ${code}. It expires in ${RESET_CODE_MINUTES} minutes.\n\n` +
        `Or open this link, on any device, within ${RESET_LINK_MINUTES} minutes:\n${link}\n\n` +
        `It sets a new password for your sign-in at:\n${agencies}\n\n` +
        `If you did not ask for this, you can ignore this mail: your password stays as it is.\n`,
    })
    .catch((err) => console.error('password reset mail failed', err));
  return requestId;
}

/**
 * Checks the code (with its request) or the link's token, and sets the new password for every user
 * of that email it is good for, spending all their codes and ending their sessions. Returns the
 * ended sessions so sockets can be told.
 */
export async function verifyPasswordReset(
  db: Db,
  input: { email: string; code: string; password: string; requestId?: string },
  ip: string | null = null,
): Promise<Array<{ id: string; account_id: string }>> {
  const email = input.email.trim();
  // A mailed link's token: found by its hash; a wrong one reads nothing and wears nothing out.
  const linked = input.requestId
    ? []
    : await db.query<{ user_id: string; account_id: string }>(
        `select pr.user_id, pr.account_id from password_resets pr join users u on u.id = pr.user_id
          where lower(u.email) = lower($1) and u.deleted_at is null and pr.token_hash = $2 and pr.link_expires_at > now()`,
        [email, sha256(input.code)],
      );
  let matched = linked;
  if (!matched.length) {
    // A code: one attempt is claimed on the live codes of this request (a welcome link's, with none) before comparing.
    const claimed = await db.tx((q) =>
      q.query<{ user_id: string; account_id: string; code_hash: string }>(
        `update password_resets pr set attempts = pr.attempts + 1
           from users u
          where u.id = pr.user_id and lower(u.email) = lower($1) and u.deleted_at is null
            and pr.expires_at > now() and pr.attempts < $2
            and pr.request_hash is not distinct from $3::text
         returning pr.user_id, pr.account_id, pr.code_hash`,
        [email, RESET_CODE_ATTEMPTS, input.requestId ? sha256(input.requestId) : null],
      ),
    );
    const right: typeof matched = [];
    for (const row of claimed) if (await verifyPassword(row.code_hash, input.code)) right.push(row);
    if (!right.length) {
      await db.tx(async (q) => {
        for (const row of claimed) {
          await recordAudit(q, anonymousWho(row.account_id, ip), 'resetCodeFailed', await userAbout(q, row.account_id, row.user_id));
        }
      });
      throw badRequest(INVALID_RESET_CODE_MESSAGE);
    }
    matched = right;
  }

  const userIds = [...new Set(matched.map((r) => r.user_id))];
  const passwordHash = await hashPassword(input.password);
  return db.tx(async (q) => {
    await q.query('update users set password_hash = $2 where id = any($1::uuid[])', [userIds, passwordHash]);
    for (const row of matched) {
      await recordAudit(q, anonymousWho(row.account_id, ip), 'passwordResetByCode', await userAbout(q, row.account_id, row.user_id));
    }
    // Using one code spends every other one the person holds.
    await q.query('delete from password_resets where user_id = any($1::uuid[])', [userIds]);
    return revokeSessions(q, userIds, 'password reset');
  });
}
