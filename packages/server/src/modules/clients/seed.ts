import { clientInputSchema, quoteInputSchema, type ClientInput, type QuoteInput } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import type { Sealer } from '../../sealing/crypto';
import { createClient, touchLastContact } from './service';
import { kindOf } from './records/kinds';
import { insertRecord, mergeRecord, newRecordId } from './records/service';
import { addActivity } from './activity/service';
import { randomUUID } from 'node:crypto';
import { DEMO_PHONES } from '../locations/seed';
import { insertReview } from '../reviews/service';

const DEMO = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';
const OWNER = '00000000-0000-4000-9000-000000000001';
const EMPLOYEE = '00000000-0000-4000-9000-000000000003';
const SECOND_OWNER = '00000000-0000-4000-9000-000000000007';

/**
 * The seed runs before the app knows its data key, so it writes sealed fields (dates of birth)
 * readable; the app seals them at start-up (sealReadableClientData) before answering anyone.
 */
const sealedAtStart: Sealer = { seal: (plain) => plain, open: (stored) => stored, stale: () => true };

async function client(q: Queryable, accountId: string, userId: string, fields: ClientInput): Promise<string> {
  return (await createClient(q, { accountId, userId }, clientInputSchema.parse(fields), sealedAtStart)).id;
}

async function record(q: Queryable, kind: Parameters<typeof kindOf>[0], accountId: string, clientId: string, fields: Record<string, unknown>) {
  const k = kindOf(kind);
  const parsed = k.create.parse(fields) as Record<string, unknown>;
  await insertRecord(q, k, accountId, clientId, OWNER, mergeRecord(k, sealedAtStart, { id: newRecordId(), data: {}, secret: null }, parsed));
}

const quote = (fields: QuoteInput) => quoteInputSchema.parse(fields) as Record<string, unknown>;

/** A handful of realistic households for the demo agency (and one client of the second agency). */
export async function seedDemoClients(db: Db): Promise<void> {
  await db.tx(async (q) => {
    const carter = await client(q, DEMO, OWNER, {
      firstName: 'James',
      lastName: 'Carter',
      email: 'james.carter@example.com',
      mobilePhone: '15125550142',
      phone: '15125550100',
      gender: 'Male',
      dob: '04/12/1958',
      occupation: 'Engineer',
      employerName: 'Austin Energy',
      militaryStatus: 'Past',
      income: 9_800_000,
      coFirstName: 'Linda',
      coLastName: 'Carter',
      coStatus: 'Married',
      coEmail: 'linda.carter@example.com',
      coMobilePhone: '15125550143',
      coGender: 'Female',
      coDOB: '09/30/1961',
      coOccupation: 'Teacher',
      householdGrossIncome: 16_500_000,
      managedBy: OWNER,
      affliateVia: 'Google',
      accountPhone: DEMO_PHONES.austinMain.id,
    });
    await record(q, 'address', DEMO, carter, {
      type: 'Physical',
      address: '1207 Barton Hills Dr',
      city: 'Austin',
      county: 'Travis',
      state: 'TX',
      zipcode: '78704',
      pinned: true,
    });
    await record(q, 'address', DEMO, carter, { type: 'Mailing', address: 'PO Box 4410', city: 'Austin', state: 'TX', zipcode: '78765' });
    await record(q, 'dependent', DEMO, carter, {
      firstName: 'Emily',
      lastName: 'Carter',
      relationship: 'Daughter',
      gender: 'Female',
      dob: '6/2/2007',
      goodStudent: true,
    });
    await record(q, 'policy', DEMO, carter, {
      type: 'Auto',
      company: 'State Farm',
      plan: 'Full Coverage',
      idNumber: 'SF-4432-118',
      enrolledVia: 'Agency',
      effectiveDate: '01/15/2025',
      termDate: '01/15/2026',
      premium: 148_000,
      notes: 'Multi-car discount applied.',
    });
    await record(q, 'policy', DEMO, carter, {
      type: 'Home',
      company: 'Allstate',
      idNumber: 'AL-99120',
      effectiveDate: '03/01/2025',
      termDate: '03/01/2026',
      premium: 212_500,
    });
    await record(
      q,
      'quote',
      DEMO,
      carter,
      quote({
        form: 'auto',
        type: 'car',
        year: 2003,
        make: 'Honda',
        model: 'Accord',
        vin: '1HGCM82633A004352',
        primaryDriver: 'James Carter',
        premium: 98_000,
      }),
    );
    await record(
      q,
      'quote',
      DEMO,
      carter,
      quote({
        form: 'home',
        type: 'Single Family',
        usage: 'Primary',
        address: '1207 Barton Hills Dr',
        city: 'Austin',
        state: 'TX',
        zipcode: '78704',
        yearBuilt: 1994,
        bedrooms: 4,
        bathrooms: 2.5,
        coverage: { carrier: 'Allstate', dwelling: 45_000_000, premium: 212_500 },
      }),
    );
    await record(q, 'misc', DEMO, carter, { label: 'Gate code', value: '4471' });
    await addActivity(q, {
      accountId: DEMO,
      clientId: carter,
      userId: OWNER,
      type: 'note',
      note: 'Reviewed auto renewal; wants a quote on an umbrella policy.',
      isSticky: true,
    });
    await touchLastContact(q, DEMO, carter);
    await insertReview(q, DEMO, {
      clientId: carter,
      clientLevel: 'primary',
      requestedBy: OWNER,
      rating: 5,
      feedback: 'Olivia found us a better home policy and explained every line of it.',
      createdAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      answeredAt: new Date(Date.now() - 19 * 86_400_000).toISOString(),
    });
    await insertReview(q, DEMO, {
      clientId: carter,
      clientLevel: 'secondary',
      requestedBy: OWNER,
      createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });

    const gonzalez = await client(q, DEMO, EMPLOYEE, {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      preferredFirstName: 'Mari',
      email: 'maria.gonzalez@example.com',
      mobilePhone: '12105550187',
      gender: 'Female',
      dob: '11/03/1989',
      occupation: 'Nurse',
      healthNetwork: 'Baptist Health',
      healthPlanName: 'Silver PPO',
      healthMonthlyPremium: 42_000,
      doctors: ['Dr. Alan Reyes'],
      affliateVia: 'Referral',
      affliateContact: carter,
      affliateContactLevel: 'secondary',
      aflliateOn: '02/10/2025',
    });
    await record(q, 'address', DEMO, gonzalez, {
      type: 'Physical',
      address: '88 Alamo Plaza',
      city: 'San Antonio',
      county: 'Bexar',
      state: 'TX',
      zipcode: '78205',
    });
    await record(q, 'policy', DEMO, gonzalez, { type: 'Health', company: 'Blue Cross', plan: 'Silver PPO', effectiveDate: '01/01/2025', premium: 42_000 });

    const chen = await client(q, DEMO, OWNER, {
      firstName: 'Robert',
      lastName: 'Chen',
      companyName: 'Chen Plumbing LLC',
      email: 'robert@chenplumbing.example.com',
      mobilePhone: '15035550119',
      occupation: 'Self Employed',
      employees: 6,
      businessType: 'Plumbing',
      dob: '07/21/1975',
    });
    await record(
      q,
      'quote',
      DEMO,
      chen,
      quote({
        form: 'commercial',
        companyName: 'Chen Plumbing LLC',
        dba: 'Chen Plumbing',
        entityType: 'LLC',
        businessType: 'Plumbing',
        numberOfEmployees: 6,
        annualIncome: 95_000_000,
        startDate: '05/01/2012',
        mailing: { address: '410 SE Oak St', city: 'Portland', state: 'OR', zipcode: '97214' },
      }),
    );
    await record(q, 'policy', DEMO, chen, {
      type: 'Commercial',
      company: 'Progressive',
      plan: 'General Liability',
      premium: 320_000,
      effectiveDate: '06/01/2025',
    });

    const patel = await client(q, DEMO, EMPLOYEE, {
      firstName: 'Aisha',
      lastName: 'Patel',
      email: 'aisha.patel@example.com',
      mobilePhone: '14155550168',
      gender: 'Female',
      dob: '02/14/1994',
    });
    await record(
      q,
      'quote',
      DEMO,
      patel,
      quote({
        form: 'water',
        type: 'Boat',
        year: 2019,
        make: 'Sea Ray',
        model: 'SPX 190',
        vin: 'SERV1234H819',
        propulsionType: 'sternDrive',
        numMotors: 1,
        horsepower: 250,
      }),
    );

    await client(q, DEMO, OWNER, {
      firstName: 'Walter',
      lastName: 'Brooks',
      mobilePhone: '16025550131',
      gender: 'Male',
      dob: '08/08/1949',
      militaryStatus: 'Past',
    });
    await client(q, DEMO, OWNER, { companyName: 'Sunrise Bakery', email: 'orders@sunrisebakery.example.com', phone: '17135550110' });

    const values: Record<string, string[]> = {
      PolicyType: ['Auto', 'Home', 'Health', 'Life', 'Commercial', 'Umbrella'],
      PolicyCompany: ['State Farm', 'Allstate', 'Progressive', 'Blue Cross', 'Geico'],
      PolicyEnrolledVia: ['Agency', 'Marketplace', 'Carrier Direct'],
      AffliateVia: ['Google', 'Referral', 'Facebook', 'Walk-in'],
      AutoMake: ['Honda', 'Toyota', 'Ford', 'Chevrolet'],
    };
    for (const [key, list] of Object.entries(values)) {
      for (const [i, value] of list.entries()) {
        await q.query('insert into option_values (id, account_id, key, value, position) values ($1, $2, $3, $4, $5)', [randomUUID(), DEMO, key, value, i]);
      }
    }
    const vip = randomUUID();
    await q.query(`insert into tags (id, account_id, name, description) values ($1, $2, 'VIP', 'Clients who get a call every quarter')`, [vip, DEMO]);
    await q.query('insert into client_tags (account_id, client_id, tag_id) values ($1, $2, $3)', [DEMO, carter, vip]);
    await q.query(`insert into tags (id, account_id, name, description, query_obj) values ($1, $2, 'Seniors', 'Age 65 and over', $3)`, [
      randomUUID(),
      DEMO,
      JSON.stringify({ mongodb: JSON.stringify({ age: { $gte: 65 } }), isValid: true }),
    ]);
    await q.query(`insert into tags (id, account_id, name, description, query_obj) values ($1, $2, 'Texas', 'A physical address in Texas', $3)`, [
      randomUUID(),
      DEMO,
      JSON.stringify({ mongodb: JSON.stringify({ addresses: { $elemMatch: { type: 'Physical', state: 'TX' } } }), isValid: true }),
    ]);

    await client(q, SECOND, SECOND_OWNER, { firstName: 'Olga', lastName: 'Second', mobilePhone: '13055550177' });
  });
}
