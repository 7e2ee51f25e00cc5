import type { ClientFull, ClientSummary } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { AuthContext } from '../../http/context';
import { clientFollowUps } from '../followups/service';
import { clientTags } from '../tags/service';
import { locationName } from '../locations/service';
import { listStickies } from './activity/service';
import type { Sealer } from '../../sealing/crypto';
import { toClient } from '../clientStore/mapping';
import { kindOf, RECORD_KINDS } from './records/kinds';
import { RECORD_COLUMNS, toRecord, type RecordRow } from './records/service';
import { displayName } from '../clientStore/search';
import { loadClient } from '../clientStore/store';

/** Everything the contact detail shows, in one answer. */
export async function clientFull(q: Queryable, ctx: Pick<AuthContext, 'accountId' | 'userId' | 'role'>, id: string, sealer: Sealer): Promise<ClientFull> {
  const row = await loadClient(q, ctx.accountId, id);
  const client = toClient(row, sealer);
  const records = await q.query<RecordRow>(
    `select ${RECORD_COLUMNS} from client_records r where r.client_id = $1 and r.account_id = $2 order by r.created_at`,
    [id, ctx.accountId],
  );
  const byKind = new Map(RECORD_KINDS.map((k) => [k.kind, [] as RecordRow[]]));
  for (const r of records) byKind.get(r.kind)?.push(r);
  const ADDRESS_ORDER = ['Physical', 'Mailing', 'Previous', 'Other'];
  byKind.get('address')!.sort((a, b) => ADDRESS_ORDER.indexOf(String(a.data.type)) - ADDRESS_ORDER.indexOf(String(b.data.type)));
  const out = (kind: Parameters<typeof kindOf>[0]) => byKind.get(kind)!.map((r) => toRecord(kindOf(kind), r, sealer));

  const policies = byKind.get('policy')!;
  const [fav] = await q.query('select 1 from client_favorites where user_id = $1 and client_id = $2', [ctx.userId, id]);
  let managedBy: ClientSummary['managedBy'] = null;
  if (client.managedBy) {
    const [u] = await q.query<{ id: string; first_name: string; last_name: string; avatar: string | null }>(
      'select id, first_name, last_name, avatar from users where id = $1 and account_id = $2',
      [client.managedBy, ctx.accountId],
    );
    if (u) managedBy = { id: u.id, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar };
  }
  let referredBy: ClientSummary['referredBy'] = null;
  if (client.affliateContact) {
    const [r] = await q.query<{ id: string; data: Record<string, string> }>('select id, data from clients where id = $1 and account_id = $2', [
      client.affliateContact,
      ctx.accountId,
    ]);
    if (r) {
      const level = client.affliateContactLevel ?? 'primary';
      const name = level === 'secondary' ? [r.data.coFirstName, r.data.coLastName].filter(Boolean).join(' ') : displayName(r.data);
      referredBy = { id: r.id, name: name || displayName(r.data), level };
    }
  }
  const summary: ClientSummary = {
    policies: policies.length,
    policyPremiums: policies.reduce((sum, p) => sum + (typeof p.data.premium === 'number' ? p.data.premium : 0), 0),
    lastContact: client.lastContactedOn,
    createdAt: client.createdAt,
    managedBy,
    referredBy,
    location: await locationName(q, ctx.accountId, client.location),
  };
  return {
    client,
    summary,
    isFavorite: !!fav,
    addresses: out('address') as ClientFull['addresses'],
    dependents: out('dependent') as ClientFull['dependents'],
    policies: out('policy') as ClientFull['policies'],
    quotes: out('quote') as ClientFull['quotes'],
    paymentMethods: out('paymentMethod') as ClientFull['paymentMethods'],
    miscItems: out('misc') as ClientFull['miscItems'],
    links: out('link') as ClientFull['links'],
    tags: await clientTags(q, { accountId: ctx.accountId, sealer }, id),
    stickies: await listStickies(q, ctx.accountId, id),
    followUps: await clientFollowUps(q, ctx, id),
  };
}
