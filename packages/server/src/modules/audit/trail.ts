import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTarget } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { AUDIT_CHAIN, appendChained } from './chain';
import { auditChainKeys, wellFormed } from './key';
import { auth } from '../../http/context';

/** Who did it: the signed-in person, who they acted as while ghosting, and from which address. */
export interface AuditWho {
  accountId: string;
  actorId: string | null;
  actingAsId: string | null;
  ip: string | null;
}

/** The record an event is about, named as it was at the time (the record may be deleted later). */
export interface AuditAbout {
  type: AuditTarget;
  id?: string | null;
  label: string;
}

/** The signed-in person of a request; acting-as is set only while ghosting. */
export function auditWho(req: FastifyRequest): AuditWho {
  const a = auth(req);
  return { accountId: a.accountId, actorId: a.realUserId, actingAsId: a.userId !== a.realUserId ? a.userId : null, ip: req.ip ?? null };
}

/** Someone not signed in (a sign-in, a reset), in an account. */
export const anonymousWho = (accountId: string, ip: string | null, actorId: string | null = null): AuditWho => ({ accountId, actorId, actingAsId: null, ip });

/**
 * Appends one event, keyed into its account's chain (modules/audit/chain.ts). Call it with the
 * transaction that makes the change, so the change and its record are written together or not at
 * all (given the database itself, it opens one). Names are copied from users at the time.
 */
export async function recordAudit(q: Queryable | Db, who: AuditWho, action: AuditAction, about?: AuditAbout | null, detail?: string | null): Promise<void> {
  if ('tx' in q) return q.tx((t) => recordAudit(t, who, action, about, detail));
  const [names] = await q.query<Record<'account_id' | 'actor_id' | 'actor_name' | 'acting_as_id' | 'acting_as_name', string | null>>(
    `select $1::uuid::text as account_id,
            $2::uuid::text as actor_id, (select first_name || ' ' || last_name from users where id = $2::uuid) as actor_name,
            $3::uuid::text as acting_as_id, (select first_name || ' ' || last_name from users where id = $3::uuid) as acting_as_name`,
    [who.accountId, who.actorId, who.actingAsId],
  );
  await appendChained(
    q,
    AUDIT_CHAIN,
    names!.account_id,
    {
      ...names!,
      action,
      target_type: about?.type ?? null,
      target_id: wellFormed(about?.id ?? null),
      target_label: wellFormed(about?.label ?? null),
      detail: wellFormed(detail ?? null),
      ip: wellFormed(who.ip),
    },
    auditChainKeys(),
  );
}

interface UserNames {
  first_name: string;
  last_name: string;
  email: string;
}

/** A user as a record of the trail: "First Last (email)", from a row already read. */
export const userAboutRow = (id: string, u: UserNames | undefined): AuditAbout => ({
  type: 'user',
  id,
  label: u ? `${u.first_name} ${u.last_name} (${u.email})` : 'A user',
});

/** A user as a record of the trail, read by id. */
export async function userAbout(q: Queryable, accountId: string, userId: string): Promise<AuditAbout> {
  const [u] = await q.query<UserNames>('select first_name, last_name, email from users where id = $1 and account_id = $2', [userId, accountId]);
  return userAboutRow(userId, u);
}
