import type { MessagingService, PhoneNumber } from '@agency/contracts';
import { messagingServiceCreateSchema, planLimitMessage } from '@agency/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { Db, Queryable } from '../../db/index';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit, type AuditWho } from '../audit/trail';
import { newSid } from '../../providers/carrier/local/sms';
import { assertWithinPlan, planLimits } from '../billing/limits';
import { getPhone } from '../locations/service';
import { isTakenError, numberHooks, NUMBER_MESSAGES, phoneAbout, pointHooks } from '../numberOwnership/ownership';

/** Buys a number through the carrier for the account (within its plan); the first one becomes its main number. */
export async function purchaseNumber(deps: Pick<AppDeps, 'db' | 'carrier'>, who: AuditWho, accountId: string, phoneNumber: string): Promise<PhoneNumber> {
  const { db, carrier } = deps;
  await db.tx((q) => assertWithinPlan(q, accountId, 'phoneNumbers'));
  let bought: { sid: string; phoneNumber: string };
  try {
    bought = await carrier.purchaseNumber(phoneNumber, numberHooks(carrier), accountId);
  } catch (err) {
    throw conflict((err as Error).message || 'This number is not available.');
  }
  let id: string;
  try {
    id = await db.tx(async (q) => {
      // Checked again now it is bought: a purchase at the same moment must not pass the plan too.
      await assertWithinPlan(q, accountId, 'phoneNumbers');
      const [row] = await q.query<{ id: string }>(
        `insert into account_phones (id, account_id, sid, phone_number, friendly_name, status, origin)
         values (gen_random_uuid(), $1, $2, $3, '', 'in-use', 'purchased') returning id`,
        [accountId, bought.sid, bought.phoneNumber],
      );
      await q.query('update accounts set twilio_phone_number = $2 where id = $1 and twilio_phone_number is null', [accountId, bought.phoneNumber]);
      await recordAudit(q, who, 'numberAdded', phoneAbout({ id: row!.id, phoneNumber: bought.phoneNumber }), 'bought from the carrier');
      return row!.id;
    });
  } catch (err) {
    await carrier.releaseNumber(bought.sid);
    throw isTakenError(err) ? conflict(NUMBER_MESSAGES.taken) : err;
  }
  // Its webhooks name its SID, so the carrier's own word routes its calls and texts.
  await pointHooks(carrier, bought.sid);
  return getPhone(db, accountId, id);
}

/** Releases a number back to the carrier; the account's main number moves to another one it has. */
export async function releaseNumber(deps: Pick<AppDeps, 'db' | 'carrier'>, who: AuditWho, accountId: string, id: string): Promise<void> {
  const phone = await getPhone(deps.db, accountId, id);
  if (phone.status === 'porting-in') throw conflict('A number still porting in cannot be released.');
  if (phone.sid) await deps.carrier.releaseNumber(phone.sid);
  await deps.db.tx(async (q) => {
    await q.query('delete from account_phones where id = $1 and account_id = $2', [id, accountId]);
    await recordAudit(q, who, 'numberReleased', phoneAbout(phone), 'released to the carrier');
    await q.query(
      `update accounts set twilio_phone_number = (select phone_number from account_phones where account_id = $1 order by is_default desc, created_at limit 1)
       where id = $1 and twilio_phone_number = $2`,
      [accountId, phone.phoneNumber],
    );
  });
}

interface ServiceRow {
  sid: string;
  friendly_name: string;
  usecase: string;
  location_id: string | null;
  location_name: string | null;
  campaign_status: 'IN_PROGRESS' | 'FAILED' | 'VERIFIED' | null;
  campaign_errors: Array<{ description: string }>;
  campaign_id: string | null;
  assigned: string[] | null;
}

const toService = (r: ServiceRow): MessagingService => ({
  sid: r.sid,
  friendlyName: r.friendly_name,
  usecase: r.usecase,
  location: r.location_id ? { id: r.location_id, name: r.location_name ?? '' } : null,
  campaign: r.campaign_status
    ? {
        status: r.campaign_status,
        errors: r.campaign_errors,
        campaignId: r.campaign_id,
        a2pUseCase: r.usecase.toUpperCase(),
        optInKeywords: ['START', 'YES'],
        optOutKeywords: ['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
        optOutMessage: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
        helpKeywords: ['HELP', 'INFO'],
        helpMessage: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
      }
    : null,
  registered: r.campaign_status !== null,
  assigned: (r.assigned ?? []).map((sid) => ({ sid })),
});

const SERVICE_SELECT = `select s.sid, s.friendly_name, s.usecase, s.location_id, l.name as location_name, s.campaign_status, s.campaign_errors, s.campaign_id,
    (select array_agg(coalesce(p.sid, p.id::text) order by p.phone_number) from account_phones p where p.messaging_service_sid = s.sid and p.account_id = s.account_id) as assigned
  from messaging_services s left join account_locations l on l.id = s.location_id`;

export async function listServices(q: Queryable, accountId: string): Promise<MessagingService[]> {
  return (await q.query<ServiceRow>(`${SERVICE_SELECT} where s.account_id = $1 order by s.created_at`, [accountId])).map(toService);
}

export async function getService(q: Queryable, accountId: string, sid: string): Promise<MessagingService> {
  const [row] = await q.query<ServiceRow>(`${SERVICE_SELECT} where s.account_id = $1 and s.sid = $2`, [accountId, sid]);
  if (!row) throw notFound('Campaign not found');
  return toService(row);
}

/** Registers a campaign for a location (within the plan's maxServices); the carriers review it. */
export async function createService(
  db: Db,
  accountId: string,
  locationId: string,
  input: z.output<typeof messagingServiceCreateSchema>,
): Promise<MessagingService> {
  const sid = newSid('MG');
  await db.tx(async (q) => {
    await q.query('select 1 from accounts where id = $1 for update', [accountId]);
    const [loc] = await q.query('select 1 from account_locations where id = $1 and account_id = $2', [locationId, accountId]);
    if (!loc) throw badRequest('Location must be a location of this account');
    const { maxServices } = await planLimits(q, accountId);
    const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from messaging_services where account_id = $1', [accountId]);
    if (count >= maxServices) throw forbidden(planLimitMessage.services(maxServices));
    await q.query(
      `insert into messaging_services (sid, account_id, location_id, friendly_name, usecase, description, message_samples, has_embedded_links, has_embedded_phone, message_flow, campaign_status, campaign_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'IN_PROGRESS', $11)`,
      [
        sid,
        accountId,
        locationId,
        input.friendlyName,
        input.usecase,
        input.description,
        JSON.stringify(input.messageSamples),
        input.hasEmbeddedLinks,
        input.hasEmbeddedPhone,
        input.messageFlow,
        newSid('QE'),
      ],
    );
  });
  return getService(db, accountId, sid);
}

export async function updateService(db: Db, accountId: string, sid: string, input: { friendlyName: string; usecase: string }): Promise<MessagingService> {
  const rows = await db.query(
    'update messaging_services set friendly_name = $3, usecase = $4, updated_at = now() where sid = $1 and account_id = $2 returning sid',
    [sid, accountId, input.friendlyName, input.usecase],
  );
  if (!rows.length) throw notFound('Campaign not found');
  return getService(db, accountId, sid);
}

export const CAMPAIGN_FAILURES = {
  brand: "The location's brand is not registered. Register it under Locations, then create the campaign again.",
  optOut: 'Marketing samples must tell the recipient how to opt out (for example "Reply STOP to opt out").',
  links: 'The samples contain links, but the campaign says it sends none.',
};

/** The carriers' review of a campaign: verified, or failed for the reasons they give. */
export async function reviewService(db: Db, accountId: string, sid: string): Promise<void> {
  const [row] = await db.query<{
    usecase: string;
    message_samples: string[];
    has_embedded_links: boolean;
    brand_status: string | null;
    campaign_status: string | null;
  }>(
    `select s.usecase, s.message_samples, s.has_embedded_links, l.brand_status, s.campaign_status
       from messaging_services s left join account_locations l on l.id = s.location_id where s.sid = $1 and s.account_id = $2`,
    [sid, accountId],
  );
  if (!row || row.campaign_status !== 'IN_PROGRESS') return;
  const errors: string[] = [];
  if (row.brand_status !== 'approved') errors.push(CAMPAIGN_FAILURES.brand);
  if (row.usecase === 'marketing' && !row.message_samples.some((m) => /\bstop\b/i.test(m))) errors.push(CAMPAIGN_FAILURES.optOut);
  if (!row.has_embedded_links && row.message_samples.some((m) => /https?:\/\/|www\./i.test(m))) errors.push(CAMPAIGN_FAILURES.links);
  await db.query('update messaging_services set campaign_status = $3, campaign_errors = $4, updated_at = now() where sid = $1 and account_id = $2', [
    sid,
    accountId,
    errors.length ? 'FAILED' : 'VERIFIED',
    JSON.stringify(errors.map((description) => ({ description }))),
  ]);
}
