import type { Db } from './db/index';
import { hashPassword } from './modules/auth/service';
import { seedDemoClients } from './modules/clients/seed';
import { DEMO_LOCATIONS, seedDemoLocations } from './modules/locations/seed';
import { seedDemoBilling } from './modules/billing/seed';
import { seedDemoRegistration } from './modules/registration/seed';
import { seedDemoTemplates } from './modules/templates/service';
import { seedDemoRenewals } from './modules/renewals/seed';
import { leaveOutDemoActivity, seedDemoActivity, type DemoActivityOptions } from './seedDemoActivity';

export const DEMO_PASSWORD = 'demo-password';
/** The super user's fixed TOTP secret, so tests and reviewers can compute codes. */
export const DEMO_SUPER_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_ACCOUNTS = {
  // The demo agency keeps the time of its offices (Austin and Round Rock, both in Chicago time).
  demo: { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Insurance Agency', dbName: 'demo', timezone: 'America/Chicago' },
  second: { id: '00000000-0000-4000-8000-000000000002', name: 'Second Agency', dbName: 'second', timezone: 'America/New_York' },
} as const;

type DemoUser = { id: string; account: keyof typeof DEMO_ACCOUNTS; email: string; role: string; first: string; last: string; ext: string; mfa?: boolean };

export const DEMO_USERS: DemoUser[] = [
  { id: '00000000-0000-4000-9000-000000000001', account: 'demo', email: 'owner@demo.test', role: 'owner', first: 'Olivia', last: 'Owens', ext: '101' },
  { id: '00000000-0000-4000-9000-000000000002', account: 'demo', email: 'admin@demo.test', role: 'admin', first: 'Adam', last: 'Atkins', ext: '102' },
  { id: '00000000-0000-4000-9000-000000000003', account: 'demo', email: 'employee@demo.test', role: 'employee', first: 'Emma', last: 'Ellis', ext: '103' },
  { id: '00000000-0000-4000-9000-000000000004', account: 'demo', email: 'employee2@demo.test', role: 'employee', first: 'Ethan', last: 'Evans', ext: '104' },
  {
    id: '00000000-0000-4000-9000-000000000005',
    account: 'demo',
    email: 'super@demo.test',
    role: 'super',
    first: 'Sam',
    last: 'Sterling',
    ext: '100',
    mfa: true,
  },
  { id: '00000000-0000-4000-9000-000000000006', account: 'demo', email: 'multi@demo.test', role: 'employee', first: 'Morgan', last: 'Miller', ext: '105' },
  { id: '00000000-0000-4000-9000-000000000007', account: 'second', email: 'owner@second.test', role: 'owner', first: 'Sofia', last: 'Santos', ext: '101' },
  { id: '00000000-0000-4000-9000-000000000008', account: 'second', email: 'multi@demo.test', role: 'employee', first: 'Morgan', last: 'Miller', ext: '102' },
];

/** Seeds the demo agency when the database has no account yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from accounts');
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.tx(async (q) => {
    for (const a of Object.values(DEMO_ACCOUNTS)) {
      await q.query('insert into accounts (id, name, db_name, timezone) values ($1, $2, $3, $4)', [a.id, a.name, a.dbName, a.timezone]);
    }
    for (const u of DEMO_USERS) {
      await q.query(
        `insert into users (id, account_id, email, password_hash, role, first_name, last_name, extension, mfa_enabled, mfa_secret)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [u.id, DEMO_ACCOUNTS[u.account].id, u.email, passwordHash, u.role, u.first, u.last, u.ext, !!u.mfa, u.mfa ? DEMO_SUPER_TOTP_SECRET : null],
      );
    }
    // The demo agency asks its clients for reviews and sends four and five stars on to Google.
    await q.query(
      `update accounts set service_review_enabled = true, google_place_id = $2, google_review_min_rating = 4,
         review_sms_message = 'Thank you for choosing Demo Insurance Agency! How did we do? Tap the link to rate us.'
       where id = $1`,
      [DEMO_ACCOUNTS.demo.id, 'ChIJLwPMoJm1RIYRetVp1EtGm10'],
    );
    await q.query(
      `update accounts set legal_name = 'Demo Insurance Agency LLC', email = 'hello@demoinsurance.example',
         phone = '15125550100', website = 'https://demoinsurance.example', address = '500 Congress Ave', address2 = 'Suite 200',
         city = 'Austin', state = 'TX', zipcode = '78701'
       where id = $1`,
      [DEMO_ACCOUNTS.demo.id],
    );
    await seedDemoLocations(q);
    await seedDemoRegistration(q, DEMO_LOCATIONS.austin.id);
    await seedDemoTemplates(q, DEMO_ACCOUNTS.demo.id);
  });
  await seedDemoClients(db);
  await seedDemoRenewals(db);
  await seedDemoBilling(db, DEMO_ACCOUNTS.demo.id);
  return true;
}

/**
 * What DEMO_DATA=1 seeds: the demo agency into an empty database, then its activity (texts, calls,
 * campaign runs, boards, chat...) once. Returns whether it seeded the agency. A start never stops on
 * the demo: activity that cannot be seeded into the agency as it now stands is left out, said, and
 * not tried again.
 */
export async function seedDemo(db: Db, opts: DemoActivityOptions): Promise<boolean> {
  const seeded = await seedIfEmpty(db);
  try {
    await seedDemoActivity(db, opts);
  } catch (err) {
    await leaveOutDemoActivity(db, (err instanceof Error ? err.message : String(err)).replace(/\.$/, ''));
  }
  return seeded;
}
