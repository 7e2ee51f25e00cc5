import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { HttpError } from '../../http/errors';
import type { Carrier, NumberHooks } from '../../providers/carrier/index';
import { VOICE_PATHS } from '../../providers/carrier/index';
import type { AuditAbout } from '../audit/trail';

/*
 * A number belongs to one agency, and the carrier says which. A number enters an account only
 * through the carrier (bought, ported in once the carrier completes the port, or proved by its SID
 * under the carrier account), and the database keeps an active number, and its SID, unique across
 * all accounts. Inbound calls and texts are routed by what the carrier says owns the number: the
 * carrier account the webhook names (AccountSid) and the number's SID (in the webhook's URL, set
 * when the number was acquired, or else asked of the carrier), never by the digits alone.
 */

export const SMS_INBOUND_PATH = '/api/carrier/sms/inbound';
export const NUMBER_MESSAGES = {
  carrierFields: 'Status and SID are set by the carrier: buy the number, port it in, or give the SID of a number of your carrier account.',
  notProved: "The carrier has no number with this SID and number under the agency's account.",
  numberFixed: 'A number cannot be changed: release it and add the other one.',
  taken: 'This number is already in use by another account.',
  notInUseDefault: 'Only a number in use can be the default: this one is still porting in.',
};

const digitsOf = (n: string) => n.replace(/\D/g, '');

/** The URLs the carrier posts a number's inbound texts and calls to; they name the number's SID (signed with the rest). */
export function numberHooks(carrier: Pick<Carrier, 'publicUrl'>, sid?: string): NumberHooks {
  const q = sid ? `?number=${encodeURIComponent(sid)}` : '';
  return { smsUrl: `${carrier.publicUrl}${SMS_INBOUND_PATH}${q}`, voiceUrl: `${carrier.publicUrl}${VOICE_PATHS.incoming}${q}` };
}

/** Points the number's webhooks at URLs carrying its SID; routing still works without them (the carrier is asked). */
export async function pointHooks(carrier: Carrier, sid: string): Promise<void> {
  try {
    await carrier.setNumberHooks(sid, numberHooks(carrier, sid));
  } catch (err) {
    console.error(`numbers: could not set the webhooks of ${sid}: ${(err as Error).message}`);
  }
}

export interface RoutedNumber {
  id: string;
  accountId: string;
  locationId: string | null;
}

/**
 * The agency a signed inbound webhook is for: the carrier account must be ours, and the number
 * the one in use with the SID the carrier gave for it. Null when no agency holds it.
 */
export async function routeInbound(deps: Pick<AppDeps, 'carrier'>, q: Queryable, params: Record<string, string>, query: unknown): Promise<RoutedNumber | null> {
  if (!params.AccountSid || params.AccountSid !== deps.carrier.accountSid) return null;
  const to = digitsOf(params.To ?? '');
  if (!to) return null;
  const named = (query as { number?: unknown } | undefined)?.number;
  const sid = typeof named === 'string' && named ? named : (await deps.carrier.findNumber(to))?.sid;
  if (!sid) return null;
  const [row] = await q.query<{ id: string; account_id: string; location_id: string | null }>(
    `select id, account_id, location_id from account_phones
      where sid = $1 and status = 'in-use' and regexp_replace(phone_number, '\\D', '', 'g') = $2`,
    [sid, to],
  );
  if (!row) return null;
  // A Twilio number acquired before its webhooks named its SID: from now on they do (no lookup per call).
  if (!named && deps.carrier.kind === 'twilio') void pointHooks(deps.carrier, sid);
  return { id: row.id, accountId: row.account_id, locationId: row.location_id };
}

export const SIMULATOR_OFF = 'The carrier simulator is off in production.';

/** The carrier simulators play clients of the local carrier, and never in production but on a staging site (ALLOW_SIMULATED_PROVIDERS=1). */
export function assertSimulator(deps: Pick<AppDeps, 'config'>): void {
  if (deps.config.production && !deps.config.allowSimulatedProviders) throw new HttpError(404, SIMULATOR_OFF);
}

/** A number as a record of the audit trail. */
export const phoneAbout = (p: { id: string; phoneNumber: string; friendlyName?: string | null }): AuditAbout => ({
  type: 'phone',
  id: p.id,
  label: p.friendlyName ? `${p.phoneNumber} (${p.friendlyName})` : p.phoneNumber,
});

/** Whether an active number with these digits is held by another account. */
export async function heldElsewhere(q: Queryable, accountId: string, phoneNumber: string): Promise<boolean> {
  const [row] = await q.query(
    "select 1 from account_phones where regexp_replace(phone_number, '\\D', '', 'g') = $1 and status <> 'released' and account_id <> $2",
    [digitsOf(phoneNumber), accountId],
  );
  return !!row;
}

/** A unique violation of the active-number or SID index, as the refusal it means. */
export function isTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && /account_phones_active_(number|sid)/.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
}
