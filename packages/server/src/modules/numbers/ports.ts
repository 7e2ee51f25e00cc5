import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ROLES, accountParamsSchema, errorSchema, messageSchema, planLimitMessage, portRequestSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import { badTextIn } from '../../http/controlChars';
import { createFileStorage, type FileStorage } from '../../providers/files/index';
import { anonymousWho, auditWho, recordAudit } from '../audit/trail';
import { isTakenError, NUMBER_MESSAGES, phoneAbout, pointHooks } from '../numberOwnership/ownership';
import { cleanFileName } from '../chat/uploads';
import { planLimits } from '../billing/limits';

/** The LOA and the bill: PDFs up to 10 MB each. */
const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const PORT_JOB = 'port-request-progress';
export const PORT_SUBMITTED = 'Port request submitted. Porting takes 2 to 4 weeks; the numbers show here as porting in until the carrier completes it.';
const PORT_UNAVAILABLE = 'The carrier refused the port.';
const mask = (v: string) => `****${v.slice(-4)}`;

/**
 * A port request moves on: submitted, in progress with the carrier, then completed by the carrier
 * (each number it hands over becomes the account's, in use, with the SID the carrier gave it) or
 * refused by it (the number leaves the account, with the carrier's reason). Until then a number
 * stays 'porting-in': it takes no calls or texts. Answers whether another look is due.
 */
export async function advancePort(deps: Pick<AppDeps, 'db' | 'carrier'>, id: string): Promise<boolean> {
  const { db, carrier } = deps;
  const [row] = await db.query<{ account_id: string; status: string; numbers: Array<{ phoneNumber: string }> }>(
    'select account_id, status, numbers from port_requests where id = $1',
    [id],
  );
  if (!row || row.status === 'completed' || row.status === 'rejected') return false;
  if (row.status === 'submitted') {
    await db.query(`update port_requests set status = 'in-progress', updated_at = now() where id = $1 and status = 'submitted'`, [id]);
    return true;
  }
  // The carrier is asked outside the transaction; its answers are applied under the request's lock.
  const states = await Promise.all(row.numbers.map(async (n) => ({ phoneNumber: n.phoneNumber, ...(await carrier.portState(n.phoneNumber, row.account_id)) })));
  const who = anonymousWho(row.account_id, null);
  const completed: string[] = [];
  const pending = await db.tx(async (q) => {
    const [locked] = await q.query<{ status: string }>('select status from port_requests where id = $1 for update', [id]);
    if (locked?.status !== 'in-progress') return false;
    const reasons: string[] = [];
    for (const st of states) {
      const [phone] = await q.query<{ id: string }>(`select id from account_phones where account_id = $1 and phone_number = $2 and status = 'porting-in'`, [
        row.account_id,
        st.phoneNumber,
      ]);
      if (!phone) continue;
      const about = phoneAbout({ id: phone.id, phoneNumber: st.phoneNumber });
      if (st.state === 'completed') {
        await q.query(`update account_phones set status = 'in-use', sid = $2, updated_at = now() where id = $1`, [phone.id, st.number.sid]);
        await recordAudit(q, who, 'numberPorted', about, 'completed by the carrier');
        completed.push(st.number.sid);
      } else if (st.state === 'rejected') {
        await q.query('delete from account_phones where id = $1', [phone.id]);
        await recordAudit(q, who, 'numberPortRejected', about, st.reason);
        reasons.push(`${st.phoneNumber}: ${st.reason}`);
      }
    }
    if (states.some((st) => st.state === 'pending')) return true;
    const allRefused = states.every((st) => st.state === 'rejected');
    await q.query(`update port_requests set status = $2, reason = $3, updated_at = now() where id = $1`, [
      id,
      allRefused ? 'rejected' : 'completed',
      reasons.join('\n') || null,
    ]);
    await q.query(
      `update accounts set twilio_phone_number = (select phone_number from account_phones where account_id = $1 and status = 'in-use' order by created_at limit 1)
       where id = $1 and twilio_phone_number is null`,
      [row.account_id],
    );
    return false;
  });
  for (const sid of completed) await pointHooks(carrier, sid);
  return pending;
}

export async function startPortProgress(deps: Pick<AppDeps, 'jobs' | 'db' | 'config' | 'carrier'>): Promise<void> {
  await deps.jobs?.work<{ id: string }>(PORT_JOB, async ({ id }) => {
    if (await advancePort(deps, id)) await deps.jobs?.schedule(PORT_JOB, { id }, new Date(Date.now() + deps.config.registrationReviewSeconds * 1000));
  });
}

/** A number held here already (by this account, or any other) cannot be ported in. */
async function assertPortable(q: Queryable, accountId: string, numbers: Array<{ phoneNumber: string }>): Promise<void> {
  const [taken] = await q.query<{ phone_number: string; account_id: string }>(
    "select phone_number, account_id from account_phones where regexp_replace(phone_number, '\\D', '', 'g') = any($1) and status <> 'released' order by (account_id = $2) desc",
    [numbers.map((n) => n.phoneNumber), accountId],
  );
  if (taken?.account_id === accountId) throw badRequest(`${taken.phone_number} is already a number of this account`);
  if (taken) throw conflict(NUMBER_MESSAGES.taken);
}

/** A form field that carries a list as JSON (`local`, `wireless`): [] when absent, a 400 when it is not JSON. */
function jsonField(fields: Record<string, string>, name: string): unknown {
  if (!fields[name]) return [];
  try {
    return JSON.parse(fields[name]);
  } catch {
    throw badRequest(`The ${name} numbers must be a JSON list (form.${name})`);
  }
}

/** POST /accounts/{accountId}/phones/port: the form and its two PDFs in one multipart request. */
export async function portRoutes(app: FastifyInstance, deps: AppDeps, opts: { storage?: FileStorage } = {}) {
  const storage = opts.storage ?? createFileStorage(deps.config.dataDir);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_PDF_BYTES, files: 2, fields: 12 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/accounts/:accountId/phones/port',
      {
        config: { roles: ADMIN_ROLES },
        schema: {
          tags: ['phones'],
          description: 'A port request: the form fields (local and wireless as JSON) and the files loa and billing (PDF).',
          consumes: ['multipart/form-data'],
          params: accountParamsSchema,
          response: { 201: messageSchema, 400: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema },
        },
      },
      async (req, reply) => {
        const { accountId } = req.params;
        if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data');
        const fields: Record<string, string> = {};
        const files: Record<string, Buffer> = {};
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              const data = await part.toBuffer();
              const name = cleanFileName(part.filename);
              const isPdf = name.toLowerCase().endsWith('.pdf') && data.subarray(0, 5).toString('latin1') === '%PDF-';
              if (!isPdf) throw badRequest(`The ${part.fieldname === 'loa' ? 'LOA' : 'bill'} must be a PDF`);
              files[part.fieldname] = data;
            } else {
              fields[part.fieldname] = String(part.value);
            }
          }
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Each file may be at most 10 MB');
          throw err;
        }
        if (!files.loa) throw badRequest('The signed LOA (PDF) is required');
        if (!files.billing) throw badRequest('A recent bill (PDF) is required');
        const form = { ...fields, local: jsonField(fields, 'local'), wireless: jsonField(fields, 'wireless') };
        // the form's fields are not a parsed body: checked here as a body is
        const bad = badTextIn(form, 'form');
        if (bad) throw badRequest(bad);
        const parsed = portRequestSchema.safeParse(form);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid port request');
        const p = parsed.data;
        const numbers = [
          ...p.local.map((n) => ({ phoneNumber: n.phoneNumber, kind: 'local' })),
          ...p.wireless.map((n) => ({ phoneNumber: n.phoneNumber, kind: 'wireless', accountNumber: mask(n.accountNumber), pin: '****' })),
        ];
        await assertPortable(deps.db, accountId, numbers);
        // The carrier takes the request first: it refuses a number it serves for someone else.
        try {
          await deps.carrier.requestPort(
            numbers.map((n) => n.phoneNumber),
            accountId,
          );
        } catch (err) {
          throw conflict((err as Error).message || PORT_UNAVAILABLE);
        }
        const who = { ...auditWho(req), accountId };
        const id = randomUUID();
        await storage.put(`ports/${accountId}/${id}/loa.pdf`, files.loa, 'application/pdf');
        await storage.put(`ports/${accountId}/${id}/bill.pdf`, files.billing, 'application/pdf');
        await deps.db
          .tx(async (q) => {
            await q.query('select 1 from accounts where id = $1 for update', [accountId]);
            const { maxPhoneNumbers } = await planLimits(q, accountId);
            const [{ count }] = await q.query<{ count: number }>('select count(*)::int as count from account_phones where account_id = $1', [accountId]);
            if (count + numbers.length > maxPhoneNumbers) throw forbidden(planLimitMessage.phoneNumbers(maxPhoneNumbers));
            await assertPortable(q, accountId, numbers);
            await q.query(
              `insert into port_requests (id, account_id, type, first_name, last_name, address, city, state, zipcode, numbers, loa_key, bill_key)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
              [
                id,
                accountId,
                p.type,
                p.firstName,
                p.lastName,
                p.address,
                p.city,
                p.state.toUpperCase(),
                p.zipcode,
                JSON.stringify(numbers),
                `ports/${accountId}/${id}/loa.pdf`,
                `ports/${accountId}/${id}/bill.pdf`,
              ],
            );
            for (const n of numbers) {
              const [phone] = await q.query<{ id: string }>(
                `insert into account_phones (id, account_id, phone_number, friendly_name, status, origin) values (gen_random_uuid(), $1, $2, '', 'porting-in', 'ported') returning id`,
                [accountId, n.phoneNumber],
              );
              await recordAudit(
                q,
                who,
                'numberPortRequested',
                phoneAbout({ id: phone!.id, phoneNumber: n.phoneNumber }),
                `${n.kind} number, pending at the carrier`,
              );
            }
          })
          .catch((err: unknown) => {
            throw isTakenError(err) ? conflict(NUMBER_MESSAGES.taken) : err;
          });
        await deps.jobs?.schedule(PORT_JOB, { id }, new Date(Date.now() + deps.config.registrationReviewSeconds * 1000));
        return reply.code(201).send({ message: PORT_SUBMITTED });
      },
    );
  });
}
