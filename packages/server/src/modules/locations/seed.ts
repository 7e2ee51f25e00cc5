import type { Queryable } from '../../db/index';

const DEMO = '00000000-0000-4000-8000-000000000001';

/** The demo agency's offices. */
export const DEMO_LOCATIONS = {
  austin: { id: '00000000-0000-4000-a000-000000000001', name: 'Austin', timezone: 'America/Chicago' },
  roundRock: { id: '00000000-0000-4000-a000-000000000002', name: 'Round Rock', timezone: 'America/Chicago' },
} as const;

/** The demo agency's numbers: two in Austin, one in Round Rock, and a spare without a location (inactive). */
export const DEMO_PHONES = {
  austinMain: {
    id: '00000000-0000-4000-b000-000000000001',
    number: '15125550001',
    friendlyName: 'Austin Main',
    location: DEMO_LOCATIONS.austin.id,
    isDefault: true,
  },
  austinSales: {
    id: '00000000-0000-4000-b000-000000000002',
    number: '15125550002',
    friendlyName: 'Austin Sales',
    location: DEMO_LOCATIONS.austin.id,
    isDefault: false,
  },
  roundRock: {
    id: '00000000-0000-4000-b000-000000000003',
    number: '15125550003',
    friendlyName: 'Round Rock Main',
    location: DEMO_LOCATIONS.roundRock.id,
    isDefault: true,
  },
  spare: { id: '00000000-0000-4000-b000-000000000004', number: '15125550004', friendlyName: 'Spare Line', location: null, isDefault: false },
} as const;

export async function seedDemoLocations(q: Queryable): Promise<void> {
  for (const l of Object.values(DEMO_LOCATIONS)) {
    await q.query(`insert into account_locations (id, account_id, name, timezone) values ($1, $2, $3, $4)`, [l.id, DEMO, l.name, l.timezone]);
  }
  for (const p of Object.values(DEMO_PHONES)) {
    await q.query(
      `insert into account_phones (id, account_id, sid, phone_number, friendly_name, location_id, is_default, status, origin)
       values ($1, $2, $3, $4, $5, $6, $7, 'in-use', 'purchased')`,
      [p.id, DEMO, `PN${p.id.replace(/-/g, '')}`, p.number, p.friendlyName, p.location, p.isDefault],
    );
    // The local carrier holds the demo agency's numbers for it (it answers for them when asked).
    await q.query('insert into carrier_local_numbers (phone_number, sid, account_id) values ($1, $2, $3) on conflict do nothing', [
      p.number,
      `PN${p.id.replace(/-/g, '')}`,
      DEMO,
    ]);
  }
  // The account's main number: the one its clients know, and the setup checklist's phone step.
  await q.query(`update accounts set twilio_phone_number = $2 where id = $1`, [DEMO, DEMO_PHONES.austinMain.number]);
}
