import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { AppDeps } from './app';
import type { Db, Queryable } from './db/index';
import { createFileStorage } from './providers/files/index';
import { DEMO_PHONES } from './modules/locations/seed';
import { storeMedia } from './modules/sms/media';
import { keyOf } from './modules/sms/scheduledKeys';
import { createRoom, appendToRoom, type ChatActor } from './modules/chat/rooms';
import { reconcileTagCards } from './modules/taskboards/tagCards';
import { sqlClientTagSource } from './modules/taskboards/clientTags';
import { monoWav } from './providers/carrier/local/voice/recorder';

/*
 * The demo agency's day-to-day: texts, calls, a campaign that has run, boards, chat, trainings,
 * follow-ups and referrals, all dated from the day it is seeded, so every page and every
 * dashboard widget has something to show on a first start. Written only beside the demo agency
 * (DEMO_DATA=1, never in production), once: its row in demo_seeds (migration 115) marks it done,
 * so whatever the agency deletes or changes afterwards stays as the agency left it.
 */
const DEMO = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-9000-000000000001';
const ADMIN = '00000000-0000-4000-9000-000000000002';
const EMPLOYEE = '00000000-0000-4000-9000-000000000003';
const EMPLOYEE2 = '00000000-0000-4000-9000-000000000004';
/** Morgan Miller (multi@demo.test, in both agencies): the demo's follow-ups are theirs. */
const MULTI = '00000000-0000-4000-9000-000000000006';
export const DEMO_CAMPAIGN_ID = '00000000-0000-4000-a000-000000000101';
const TRAININGS = ['00000000-0000-4000-a000-000000000102', '00000000-0000-4000-a000-000000000103'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoActivityOptions {
  /** Where the app keeps its files (pictures under files/, the local carrier's recordings under carrier-recordings/). */
  dataDir: string;
  /** The app's public address: a picture's address starts with it. */
  publicUrl: string;
  /** The moment the demo is dated from (now). */
  now?: Date;
}

/** A short WAV of tones (8 kHz, 16-bit mono): a demo recording, made here rather than downloaded. */
export function toneWav(tones: number[], msEach = 250): Buffer {
  const rate = 8000;
  const perTone = Math.round((rate * msEach) / 1000);
  return monoWav(perTone * tones.length, (n) => {
    const hz = tones[Math.floor(n / perTone)]!;
    const i = n % perTone;
    const fade = Math.min(1, i / 80, (perTone - i) / 80);
    return Math.sin((2 * Math.PI * hz * i) / rate) * 9000 * fade;
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, body: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const tb = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(tb));
  return Buffer.concat([len, tb, crc]);
};

/** A small PNG drawn here: a house on a blue sky over green grass (the picture a client texts in). */
export function housePng(size = 64): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      let rgb = y > size * 0.75 ? [76, 160, 70] : [150, 200, 240];
      const inWall = x > size * 0.25 && x < size * 0.75 && y > size * 0.45 && y <= size * 0.75;
      const inRoof = y > size * 0.2 && y <= size * 0.45 && Math.abs(x - size / 2) < (y - size * 0.2) * 1.1;
      const inDoor = x > size * 0.45 && x < size * 0.55 && y > size * 0.6 && y <= size * 0.75;
      if (inRoof) rgb = [170, 60, 50];
      if (inWall) rgb = [235, 225, 200];
      if (inDoor) rgb = [110, 70, 40];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** The demo clients the activity is about. */
const DEMO_CLIENTS = [
  ['James', 'Carter'],
  ['Maria', 'Gonzalez'],
  ['Robert', 'Chen'],
  ['Aisha', 'Patel'],
  ['Walter', 'Brooks'],
] as const;
export const ACTIVITY_SEED = 'activity';

/** Records a demo seed as done (or, with a note, as left out); false when it was recorded already. */
async function recordSeed(q: Queryable, name: string, note: string | null = null): Promise<boolean> {
  const rows = await q.query('insert into demo_seeds (name, note) values ($1, $2) on conflict (name) do nothing returning name', [name, note]);
  return rows.length > 0;
}

/** Records the activity as left out, with why, so that no later start tries again, and says so. */
export async function leaveOutDemoActivity(db: Db, why: string): Promise<void> {
  console.warn(`The demo activity is left out: ${why}.`);
  await recordSeed(db, ACTIVITY_SEED, `not seeded: ${why}`);
}

async function demoClient(q: Queryable, first: string, last: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'firstName' = $2 and data->>'lastName' = $3`, [
    DEMO,
    first,
    last,
  ]);
  return row?.id ?? null;
}

async function clientId(q: Queryable, first: string, last: string): Promise<string> {
  const id = await demoClient(q, first, last);
  if (!id) throw new Error(`The demo client ${first} ${last} is missing.`);
  return id;
}

/** Seeds the demo agency's activity once; returns whether it did (false: no demo agency, or done before). */
export async function seedDemoActivity(db: Db, opts: DemoActivityOptions): Promise<boolean> {
  const [account] = await db.query('select 1 from accounts where id = $1', [DEMO]);
  if (!account) return false;
  const [done] = await db.query('select 1 from demo_seeds where name = $1', [ACTIVITY_SEED]);
  if (done) return false;
  // A demo agency changed before its activity was seeded (a start that stopped half way) is left as it is.
  for (const [first, last] of DEMO_CLIENTS) {
    if (!(await demoClient(db, first, last))) {
      await leaveOutDemoActivity(db, `the demo client ${first} ${last} is missing`);
      return false;
    }
  }
  const now = opts.now ?? new Date();
  const at = (ms: number) => new Date(now.getTime() + ms);
  const agency = DEMO_PHONES.austinMain.number;

  // The picture a client texted in, stored as the app stores an inbound picture.
  const picture = await storeMedia(
    { db, carrier: { publicUrl: opts.publicUrl }, config: { dataDir: opts.dataDir } } as unknown as Pick<AppDeps, 'db' | 'carrier' | 'config'>,
    createFileStorage(opts.dataDir),
    { accountId: DEMO, userId: null, name: 'roof-damage.png', type: 'image/png', data: housePng() },
  );

  // Recordings where the local carrier keeps them (a voicemail and a recorded call).
  const recordings = join(opts.dataDir, 'carrier-recordings');
  mkdirSync(recordings, { recursive: true });
  const voicemailSid = sid('RE');
  const recordedSid = sid('RE');
  writeFileSync(join(recordings, `${voicemailSid}.wav`), toneWav([440, 554, 659, 554]));
  writeFileSync(join(recordings, `${recordedSid}.wav`), toneWav([392, 494, 587, 784, 587]));

  return db.tx(async (q) => {
    // Recorded first: two starts at once seed once (the second waits on this row, then finds it).
    if (!(await recordSeed(q, ACTIVITY_SEED))) return false;
    const carter = await clientId(q, 'James', 'Carter');
    const gonzalez = await clientId(q, 'Maria', 'Gonzalez');
    const chen = await clientId(q, 'Robert', 'Chen');
    const patel = await clientId(q, 'Aisha', 'Patel');
    const brooks = await clientId(q, 'Walter', 'Brooks');

    // ---- Texts: read, unread, opted out, with a picture.
    type Text = { flow: 'incoming' | 'outgoing'; body: string; ago: number; user?: string; media?: { format: string; info: string }[] };
    const room = async (o: { client: string; phone: string; texts: Text[]; readByOwner: boolean; assignedTo?: string; completed?: boolean }) => {
      const id = randomUUID();
      const last = o.texts[o.texts.length - 1];
      await q.query(
        `insert into sms_rooms (id, account_id, phone_number, client_id, agency_number, status, assigned_to, last_message_on, last_message, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          DEMO,
          o.phone,
          o.client,
          agency,
          o.completed ? 'completed' : 'open',
          o.assignedTo ?? null,
          at(-last.ago),
          last.body || 'Picture',
          at(-o.texts[0].ago),
        ],
      );
      for (const t of o.texts) {
        await q.query(
          `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, media, status, carrier_sid, user_id, client_id, created_at)
           values ($1, $2, $3, $4, 'message', $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
          [
            randomUUID(),
            DEMO,
            id,
            t.flow,
            t.flow === 'incoming' ? o.phone : agency,
            t.flow === 'incoming' ? agency : o.phone,
            t.body,
            JSON.stringify(t.media ?? []),
            t.flow === 'incoming' ? 'received' : 'delivered',
            sid('SM'),
            t.flow === 'outgoing' ? (t.user ?? OWNER) : null,
            o.client,
            at(-t.ago),
          ],
        );
      }
      await q.query('insert into sms_followers (room_id, user_id) values ($1, $2)', [id, OWNER]);
      if (o.readByOwner) await q.query('insert into sms_reads (room_id, user_id, read_at) values ($1, $2, $3)', [id, OWNER, at(-last.ago + MINUTE)]);
      return id;
    };
    const carterRoom = await room({
      client: carter,
      phone: '15125550142',
      readByOwner: true,
      assignedTo: OWNER,
      texts: [
        { flow: 'outgoing', body: 'Hi James, your umbrella quote is ready. Do you have ten minutes tomorrow to go over it?', ago: 2 * DAY },
        { flow: 'incoming', body: 'Yes, 10am works. Thanks Olivia!', ago: 2 * DAY - 40 * MINUTE },
        { flow: 'outgoing', body: 'Perfect, talk then.', ago: 2 * DAY - 45 * MINUTE },
      ],
    });
    await room({
      client: gonzalez,
      phone: '12105550187',
      readByOwner: false,
      assignedTo: EMPLOYEE,
      texts: [
        { flow: 'outgoing', body: 'Hi Mari, just a reminder that your auto policy renews next month.', ago: 3 * HOUR, user: EMPLOYEE },
        { flow: 'incoming', body: 'Can we add my son as a driver before it renews?', ago: 25 * MINUTE },
        { flow: 'incoming', body: 'He got his license last week.', ago: 24 * MINUTE },
      ],
    });
    await room({
      client: patel,
      phone: '14155550168',
      readByOwner: false,
      texts: [
        {
          flow: 'incoming',
          body: 'A branch fell on the roof last night. Here is a picture.',
          ago: 90 * MINUTE,
          media: [{ format: 'image/png', info: picture }],
        },
      ],
    });
    await room({
      client: chen,
      phone: '15035550119',
      readByOwner: true,
      texts: [
        { flow: 'outgoing', body: 'Robert, we have a few new discounts this year. Would you like a review of your policies?', ago: 6 * DAY },
        { flow: 'incoming', body: 'STOP', ago: 6 * DAY - 2 * HOUR },
      ],
    });
    await q.query('insert into sms_opt_outs (account_id, phone_number, agency_number, created_at) values ($1, $2, $3, $4)', [
      DEMO,
      '15035550119',
      agency,
      at(-6 * DAY + 2 * HOUR),
    ]);

    // A text scheduled for tomorrow morning, as the Schedule dialog writes it.
    const scheduledId = randomUUID();
    const scheduledAt = new Date(Math.ceil((now.getTime() + DAY) / (15 * MINUTE)) * 15 * MINUTE);
    const scheduledText = 'Good morning James! Just confirming our call today about the umbrella policy.';
    await q.query(
      `insert into followups (id, account_id, client_id, assign_to, user_id, date, note, message_to, message, message_at, is_active, sms_room, created_by, message_status)
       values ($1, $2, $3, 'none', null, $4, '', $5, $6, $4, true, $7, $8, 'pending')`,
      [scheduledId, DEMO, carter, scheduledAt, '15125550142', scheduledText, carterRoom, OWNER],
    );
    await q.query(
      `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, status, idempotency_key, send_at, user_id, client_id, created_at)
       values ($1, $2, $3, 'outgoing', 'scheduled', $4, $5, $6, 'pending', $7, $8, $9, $10, $11)`,
      [randomUUID(), DEMO, carterRoom, agency, '15125550142', scheduledText, keyOf(scheduledId, scheduledAt), scheduledAt, OWNER, carter, now],
    );

    // ---- Calls of every kind.
    const call = async (c: {
      format: string;
      status: string;
      direction: 'incoming' | 'outgoing';
      phone: string;
      client?: string;
      user?: string;
      ago: number;
      seconds?: number;
      recording?: { sid: string; seconds: number };
      conference?: string;
      viewed?: boolean;
    }) => {
      const id = randomUUID();
      const started = at(-c.ago);
      const answered = c.seconds ? new Date(started.getTime() + 8_000) : null;
      await q.query(
        `insert into calls (id, account_id, call_sid, format, status, direction, phone_number, agency_number, user_id, client_id, location_id,
                            call_duration, answered_at, ended_at, recording_sid, recording_duration, recording_status, conference_name, viewed_by, viewed_on, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
        [
          id,
          DEMO,
          sid('CA'),
          c.format,
          c.status,
          c.direction,
          c.phone,
          agency,
          c.user ?? null,
          c.client ?? null,
          DEMO_PHONES.austinMain.location,
          c.seconds ?? 0,
          answered,
          new Date(started.getTime() + 8_000 + (c.seconds ?? 20) * 1000),
          c.recording?.sid ?? null,
          c.recording?.seconds ?? null,
          c.recording ? 'completed' : null,
          c.conference ?? null,
          c.viewed ? OWNER : null,
          c.viewed ? at(-c.ago + HOUR) : null,
          started,
        ],
      );
      return id;
    };
    await call({
      format: 'inbound',
      status: 'completed',
      direction: 'incoming',
      phone: '15125550142',
      client: carter,
      user: OWNER,
      ago: 26 * HOUR,
      seconds: 312,
    });
    await call({ format: 'inbound', status: 'missed', direction: 'incoming', phone: '12105550187', client: gonzalez, ago: 2 * HOUR });
    await call({
      format: 'voicemail',
      status: 'missed',
      direction: 'incoming',
      phone: '16025550131',
      client: brooks,
      ago: 4 * HOUR,
      recording: { sid: voicemailSid, seconds: 1 },
    });
    await call({
      format: 'outbound',
      status: 'completed',
      direction: 'outgoing',
      phone: '14155550168',
      client: patel,
      user: EMPLOYEE,
      ago: 5 * HOUR,
      seconds: 428,
      recording: { sid: recordedSid, seconds: 1 },
      viewed: true,
    });
    await call({ format: 'outbound', status: 'no-answer', direction: 'outgoing', phone: '15035550119', client: chen, user: OWNER, ago: 3 * DAY, viewed: true });
    await call({
      format: 'transfer',
      status: 'completed',
      direction: 'incoming',
      phone: '15125550142',
      client: carter,
      user: ADMIN,
      ago: 3 * DAY + HOUR,
      seconds: 95,
    });
    const conferenceName = `demo-${randomBytes(6).toString('hex')}`;
    const conference = await call({
      format: 'inbound',
      status: 'completed',
      direction: 'incoming',
      phone: '12105550187',
      client: gonzalez,
      user: OWNER,
      ago: 28 * HOUR,
      seconds: 540,
      conference: conferenceName,
    });
    const joinedAt = at(-28 * HOUR + 10_000);
    const leftAt = at(-28 * HOUR + 550_000);
    for (const p of [
      { label: 'Maria Gonzalez', phone: '12105550187', host: false },
      { label: 'Olivia Owens', user: OWNER, host: true },
      { label: 'Emma Ellis', user: EMPLOYEE, host: false },
    ]) {
      await q.query(
        `insert into call_participants (id, call_id, account_id, label, call_sid, user_id, phone_number, is_host, status, joined_at, left_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'left', $9, $10, $9)`,
        [randomUUID(), conference, DEMO, p.label, sid('CA'), p.user ?? null, p.phone ?? null, p.host, joinedAt, leftAt],
      );
    }

    // ---- A weekly campaign that has run twice, with its logs.
    const vip = (await q.query<{ id: string }>(`select id from tags where account_id = $1 and name = 'VIP'`, [DEMO]))[0]?.id;
    const campaignName = 'Policy review reminder';
    const campaignText = 'Hi {{firstName}}, it is Demo Insurance Agency: reply REVIEW for a free policy review this month.';
    await q.query(
      `insert into campaigns (id, account_id, name, description, format, content, target_whom, target_tags, schedule_occurrence, schedule_interval,
                              schedule_interval_on, schedule_start_on, jobs_ran, next_run_at, is_active, created_by, updated_by, created_at, updated_at)
       values ($1, $2, $9, 'A weekly nudge to our VIP clients', 'sms', $3, 'client', $4, 'weekly', 1, $5::jsonb, $6, 2, $7, true, $8, $8, $6, $6)`,
      [
        DEMO_CAMPAIGN_ID,
        DEMO,
        campaignText,
        vip ? [vip] : [],
        JSON.stringify([new Date(now.getTime() - 14 * DAY).getUTCDay()]),
        at(-14 * DAY),
        at(7 * DAY),
        OWNER,
        campaignName,
      ],
    );
    for (const [i, ago] of [14 * DAY, 7 * DAY].entries()) {
      const runId = randomUUID();
      const runDate = at(-ago);
      await q.query(
        `insert into campaign_runs (id, account_id, campaign_id, run_date, status, created_at, finished_at) values ($1, $2, $3, $4, 'done', $4, $5)`,
        [runId, DEMO, DEMO_CAMPAIGN_ID, runDate, new Date(runDate.getTime() + 2 * MINUTE)],
      );
      const messageId = randomUUID();
      await q.query(
        `insert into sms_messages (id, account_id, room_id, flow, type, by_number, to_number, message, status, carrier_sid, campaign, client_id, created_at)
         values ($1, $2, $3, 'outgoing', 'campaign', $4, '15125550142', $5, 'delivered', $6, $7, $8, $9)`,
        [messageId, DEMO, carterRoom, agency, campaignText.replace('{{firstName}}', 'James'), sid('SM'), campaignName, carter, runDate],
      );
      await q.query(
        `insert into campaign_run_recipients (run_id, account_id, client_id, level, name, phone_number, message_id, created_at)
         values ($1, $2, $3, 'primary', 'James Carter', '15125550142', $4, $5)`,
        [runId, DEMO, carter, messageId, runDate],
      );
      await q.query(
        `insert into campaign_run_recipients (run_id, account_id, client_id, level, name, phone_number, skip_reason, created_at)
         values ($1, $2, $3, 'primary', 'Robert Chen', '15035550119', $4, $5)`,
        [runId, DEMO, chen, i === 0 ? 'no-number' : 'opted-out', runDate],
      );
    }

    // ---- Two boards: a pipeline worked by hand, and a VIP board its tag fills.
    const lanes = async (boardId: string, labels: string[]) => {
      const ids: string[] = [];
      for (const [position, label] of labels.entries()) {
        const id = randomUUID();
        await q.query('insert into task_board_lanes (id, account_id, board_id, label, position) values ($1, $2, $3, $4, $5)', [
          id,
          DEMO,
          boardId,
          label,
          position,
        ]);
        ids.push(id);
      }
      return ids;
    };
    const pipeline = randomUUID();
    await q.query(
      `insert into task_boards (id, account_id, name, description, monitor, created_by) values ($1, $2, 'New business', 'Quotes from first call to bound policy', true, $3)`,
      [pipeline, DEMO, OWNER],
    );
    const [leads, quoting, bound] = await lanes(pipeline, ['Leads', 'Quoting', 'Bound']);
    const cards: Array<{ lane: string; title: string; client?: [string, string]; due?: number; assigned?: string; color?: string }> = [
      { lane: leads, title: 'Call back about a renters policy', client: [brooks, 'Walter Brooks'], due: 2 * HOUR, assigned: EMPLOYEE },
      { lane: leads, title: 'Commercial auto for Sunrise Bakery', due: 3 * DAY, assigned: EMPLOYEE2, color: '#fadb14' },
      { lane: quoting, title: 'Umbrella quote', client: [carter, 'James Carter'], due: DAY, assigned: OWNER },
      { lane: quoting, title: 'Add a teen driver', client: [gonzalez, 'Maria Gonzalez'], due: -DAY, assigned: EMPLOYEE, color: '#ff4d4f' },
      { lane: bound, title: 'Homeowners policy bound', client: [patel, 'Aisha Patel'], assigned: ADMIN },
    ];
    for (const [i, c] of cards.entries()) {
      await q.query(
        `insert into task_cards (id, account_id, board_id, lane_id, sort_order, title, client_id, client_name, client_type, due_on, card_color, assigned_to, assigned_on, created_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
        [
          randomUUID(),
          DEMO,
          pipeline,
          c.lane,
          i + 1,
          c.title,
          c.client?.[0] ?? null,
          c.client?.[1] ?? null,
          c.client ? 'primary' : null,
          c.due === undefined ? null : at(c.due),
          c.color ?? null,
          c.assigned ?? null,
          c.assigned ? at(-DAY) : null,
          OWNER,
          at(-2 * DAY + i * HOUR),
        ],
      );
    }
    const vipBoard = randomUUID();
    await q.query(
      `insert into task_boards (id, account_id, name, description, created_by) values ($1, $2, 'VIP check-ins', 'Every VIP client gets a call each quarter', $3)`,
      [vipBoard, DEMO, OWNER],
    );
    await lanes(vipBoard, ['To call', 'Called', 'Follow up']);
    if (vip) {
      await q.query('insert into task_board_tags (board_id, tag_id, account_id) values ($1, $2, $3)', [vipBoard, vip, DEMO]);
      await reconcileTagCards(q, DEMO, sqlClientTagSource, { boardIds: [vipBoard] });
    }

    // ---- Chat: a team room and a direct conversation, with a reaction.
    const owner: ChatActor = { accountId: DEMO, userId: OWNER, role: 'owner' };
    const emma: ChatActor = { accountId: DEMO, userId: EMPLOYEE, role: 'employee' };
    const adam: ChatActor = { accountId: DEMO, userId: ADMIN, role: 'admin' };
    const team = await createRoom(q, owner, { format: 'group', userIds: [ADMIN, EMPLOYEE, EMPLOYEE2], title: 'Front office' });
    const say = async (actor: ChatActor, roomId: string, body: string) => {
      const id = randomUUID();
      await appendToRoom(q, actor, roomId, { id, type: 'message', body });
      return id;
    };
    await say(owner, team.room.id, 'Good morning team! The Gonzalez renewal is this week, please check the new driver.');
    const done = await say(emma, team.room.id, 'On it. I texted Mari and the quote is in the Quoting lane.');
    await q.query('insert into chat_reactions (message_id, emoji, user_id) values ($1, $2, $3)', [done, '👍', OWNER]);
    await q.query('insert into chat_reactions (message_id, emoji, user_id) values ($1, $2, $3)', [done, '👍', ADMIN]);
    await say(adam, team.room.id, 'Carrier portal is slow today; give it a minute when you bind.');
    const direct = await createRoom(q, emma, { format: 'direct', userIds: [OWNER] });
    await say(emma, direct.room.id, 'Could you look over the Patel roof claim when you have a moment?');
    // Emma has read the team's rooms (the owner has not): her Team tab starts without a count.
    await q.query(
      `update chat_members m set unread = 0, last_read_seq = r.last_seq, viewed_at = now()
         from chat_rooms r where r.id = m.room_id and m.account_id = $1 and m.user_id = $2`,
      [DEMO, EMPLOYEE],
    );

    // ---- Two trainings (every agency sees them).
    const trainings = [
      {
        id: TRAININGS[0],
        title: 'Texting clients the right way',
        description: 'Consent, opt-outs and quiet hours for texts to clients.',
        tags: ['Messages', 'Compliance'],
        details: 'Only text clients who gave their number for it, honour STOP at once, and keep texts between 8am and 9pm in their time zone.',
      },
      {
        id: TRAININGS[1],
        title: 'Working the task boards',
        description: 'Lanes, due dates and boards a tag fills.',
        tags: ['Task boards'],
        details: 'Move a card when its work moves; a card past its due date turns red on the board and on your dashboard.',
      },
    ];
    for (const [i, t] of trainings.entries()) {
      await q.query(
        `insert into trainings (id, title, description, tags, details, created_by, created_at) values ($1, $2, $3, $4, $5, null, $6) on conflict (id) do nothing`,
        [t.id, t.title, t.description, t.tags, t.details, at(-(10 - i) * DAY)],
      );
    }

    // ---- Follow-ups: past due, today, later.
    const [{ tz }] = await q.query<{ tz: string }>('select timezone as tz from accounts where id = $1', [DEMO]);
    const followUp = async (client: string, user: string, date: Date | string, note: string) =>
      q.query(
        `insert into followups (id, account_id, client_id, assign_to, user_id, date, note, created_by, created_at)
         values ($1, $2, $3, 'self', $4, $5, $6, $4, $7)`,
        [randomUUID(), DEMO, client, user, date, note, at(-3 * DAY)],
      );
    // Later today in the agency's time zone, even when seeded just before midnight.
    const [{ today }] = await q.query<{ today: Date }>(
      `select $1::timestamptz + least(interval '3 hours', ((date_trunc('day', $1::timestamptz at time zone $2) + interval '1 day') at time zone $2 - $1::timestamptz) / 2) as today`,
      [now, tz],
    );
    // Today's and the past-due ones are Morgan's, not the owner's or Emma's: a past-due follow-up
    // raises a warning on every page of the person it is for (and today's turns past due as the day
    // goes), so the people most demos and journeys sign in as start with a clear screen. The owner's
    // are due tomorrow and later, in the widget's other buckets.
    await followUp(carter, OWNER, at(DAY), 'Call James about the umbrella quote');
    await followUp(gonzalez, MULTI, at(-DAY), 'Send Mari the teen driver discount form');
    await followUp(brooks, MULTI, at(-3 * DAY), 'Return Walter’s voicemail about his renters policy');
    await followUp(patel, MULTI, today, 'Ask Aisha for the roofer’s estimate');
    await followUp(chen, OWNER, at(5 * DAY), 'Mail Robert the policy review letter');

    // ---- Referrals this month (the demo agency's reviews come with its clients).
    const mmddyyyy = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    await q.query(`update clients set data = data || $3::jsonb where account_id = $1 and id = $2`, [
      DEMO,
      patel,
      JSON.stringify({ affliateVia: 'Referral', affliateContact: carter, affliateContactLevel: 'primary', aflliateOn: mmddyyyy(now) }),
    ]);
    await q.query(`update clients set data = data || $3::jsonb where account_id = $1 and id = $2`, [
      DEMO,
      brooks,
      JSON.stringify({ affliateVia: 'Facebook', aflliateOn: mmddyyyy(now) }),
    ]);
    return true;
  });
}
