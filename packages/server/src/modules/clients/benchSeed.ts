import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import { sortKey, termsOf, type SearchableClient } from '../clientStore/search';

/**
 * Bench only (never part of the demo seed): adds `count` generated clients to an account, with
 * co-applicants, companies, addresses and policies in realistic proportions, through bulk inserts
 * that write the same sort keys and search terms the API writes.
 */
const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen ' +
  'Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle ' +
  'Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Dorothy Jason Rebecca Edward Sharon Jeffrey Laura Ryan Cynthia ' +
  'Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Brenda Stephen Emma Larry Anna Justin Pamela Scott Nicole Brandon Samantha ' +
  'Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen ' +
  'Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia ' +
  'Ethan Judith Jeremy Evelyn Walter Hannah Christian Andrea Keith Megan Roger Cheryl Terry Jacqueline Austin Madison Sean Teresa Gerald Abigail ' +
  'Carl Sophia Harold Martha Dylan Sara Arthur Gloria Lawrence Janice Jordan Kathryn Jesse Ann Bryan Isabella Billy Judy Bruce Charlotte Gabriel Julia ' +
  'Joe Grace Logan Amber Alan Alice Juan Jean Albert Denise Willie Frances Elijah Danielle Wayne Marilyn Randy Natalie Vincent Diana Mason Brittany ' +
  'Roy Beverly Ralph Isabel Bobby Theresa Russell Alexis Bradley Kayla Philip Lori Eugene Rose Zoe Yusuf Aisha Wei Mei Hiroshi Yuki Ãngel Zoë Éva'
).split(' ');
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson ' +
  'Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green ' +
  'Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris ' +
  'Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood ' +
  'James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan ' +
  'Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace ' +
  "Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald O'Brien " +
  'Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw ' +
  'Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels'
).split(' ');
const COMPANIES = ['Plumbing', 'Bakery', 'Roofing', 'Landscaping', 'Dental', 'Auto Repair', 'Consulting', 'Electric', 'Cleaning', 'Logistics'];
const STATES = ['TX', 'CA', 'FL', 'NY', 'AZ', 'GA', 'OH', 'NC', 'WA', 'CO'];
const POLICY_TYPES = ['Auto', 'Home', 'Health', 'Life', 'Commercial'];
const CARRIERS = ['State Farm', 'Allstate', 'Progressive', 'Geico', 'Blue Cross'];

/** A small deterministic PRNG (mulberry32), so two bench runs seed the same clients. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** MM/dd/yyyy of a time (UTC). */
const usDay = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};

export interface GeneratedClients {
  ids: string[];
  /** A sample of what was generated, for search queries. */
  samples: Array<{ id: string; firstName: string; lastName: string; mobilePhone: string; email: string }>;
}

export async function generateClients(db: Db, accountId: string, count: number, seed = 42, batch = 1000): Promise<GeneratedClients> {
  const rnd = prng(seed);
  const seedDay = Date.now();
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const ids: string[] = [];
  const samples: GeneratedClients['samples'] = [];
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const rows: Array<{ id: string; data: string; key: string; createdAt: string }> = [];
    const terms: Array<[string, string, string, string]> = [];
    const records: Array<[string, string, string]> = [];
    for (let i = 0; i < n; i++) {
      const seq = start + i;
      const id = randomUUID();
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const area = 200 + (seq % 700);
      const mobilePhone = `1${area}${pad(Math.floor(seq / 700) % 10_000_000, 7)}`;
      const email = `${firstName}.${lastName}${seq}@example.com`.toLowerCase().replace(/[^a-z0-9@.]/g, '');
      const d: Record<string, unknown> = {
        firstName,
        lastName,
        email,
        mobilePhone,
        gender: rnd() < 0.5 ? 'Male' : 'Female',
      };
      if (rnd() < 0.3) {
        d.coFirstName = pick(FIRST);
        d.coLastName = rnd() < 0.8 ? lastName : pick(LAST);
        d.coStatus = 'Married';
        d.coMobilePhone = `1${area}${pad((seq * 7 + 3) % 10_000_000, 7)}`;
      }
      if (rnd() < 0.1) d.companyName = `${lastName} ${pick(COMPANIES)}`;
      if (rnd() < 0.3) d.phone = `1${area}${pad((seq * 13 + 5) % 10_000_000, 7)}`;
      const createdAt = new Date(Date.now() - Math.floor(rnd() * 3650) * 86_400_000).toISOString();
      const key = sortKey(d as SearchableClient);
      rows.push({ id, data: JSON.stringify(d), key, createdAt });
      for (const t of termsOf(d as SearchableClient)) terms.push([id, t.term, t.kind, key]);
      if (rnd() < 0.25)
        records.push([
          id,
          'address',
          JSON.stringify({
            type: 'Physical',
            address: `${100 + (seq % 9000)} Main St`,
            city: 'Springfield',
            state: pick(STATES),
            zipcode: pad(seq % 100000, 5),
          }),
        ]);
      if (rnd() < 0.2) {
        records.push([
          id,
          'policy',
          JSON.stringify({
            type: pick(POLICY_TYPES),
            company: pick(CARRIERS),
            premium: 20_000 + Math.floor(rnd() * 300_000),
            effectiveDate: '01/01/2025',
            // terms end through the year from the day of the seed (the renewals view reads them)
            termDate: usDay(seedDay + ((seq * 7) % 365) * 86_400_000),
          }),
        ]);
      }
      ids.push(id);
      if (seq % Math.max(1, Math.floor(count / 500)) === 0) samples.push({ id, firstName, lastName, mobilePhone, email });
    }
    await db.tx(async (q) => {
      await q.query(
        `insert into clients (id, account_id, data, sort_key, created_at, updated_at)
         select u.id, $1, u.data::jsonb, u.k, u.c, u.c from unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) as u(id, data, k, c)`,
        [accountId, rows.map((r) => r.id), rows.map((r) => r.data), rows.map((r) => r.key), rows.map((r) => r.createdAt)],
      );
      await q.query(
        `insert into client_terms (account_id, client_id, term, kind, sort_key)
         select $1, u.id, u.term, u.kind, u.k from unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) as u(id, term, kind, k)`,
        [accountId, terms.map((t) => t[0]), terms.map((t) => t[1]), terms.map((t) => t[2]), terms.map((t) => t[3])],
      );
      if (records.length) {
        await q.query(
          `insert into client_records (id, account_id, client_id, kind, data)
           select gen_random_uuid(), $1, u.id, u.kind, u.data::jsonb from unnest($2::uuid[], $3::text[], $4::text[]) as u(id, kind, data)`,
          [accountId, records.map((r) => r[0]), records.map((r) => r[1]), records.map((r) => r[2])],
        );
      }
    });
  }
  // visibility maps and statistics, so the planner can answer from the indexes alone
  for (const table of ['clients', 'client_terms', 'client_records']) await db.query(`vacuum analyze ${table}`);
  return { ids, samples };
}
