import type { Account, Peer, User } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { AppEvents } from '../../events';
import { countLocations } from '../locations/service';

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  role: User['role'];
  first_name: string;
  last_name: string;
  avatar: string | null;
  theme_color: string;
  extension: string | null;
  mfa_enabled: boolean;
  phone_status: User['phoneStatus'];
  coaching: string | null;
  mobile_logged_in: boolean;
  phone: string | null;
  npn: string | null;
  groups: string[] | null;
  location_ids: string[] | null;
}

/** The columns of a user as `from users` (unaliased) selects them, with the user's locations. */
export const USER_COLUMNS =
  'id, account_id, email, role, first_name, last_name, avatar, theme_color, extension, mfa_enabled, phone_status, coaching, mobile_logged_in, phone, npn, groups, ' +
  'array(select ul.location_id::text from user_locations ul where ul.user_id = users.id order by ul.location_id) as location_ids';

export function toUser(r: UserRow): User {
  return {
    id: r.id,
    account: r.account_id,
    email: r.email,
    role: r.role,
    firstName: r.first_name,
    lastName: r.last_name,
    avatar: r.avatar,
    themeColor: r.theme_color,
    extension: r.extension,
    mfaEnabled: r.mfa_enabled,
    phoneStatus: r.phone_status,
    coaching: r.coaching,
    mobileLoggedIn: r.mobile_logged_in,
    locations: r.location_ids ?? [],
    phone: r.phone ?? null,
    npn: r.npn ?? null,
    groups: r.groups ?? [],
  };
}

export function toPeer(r: UserRow, loggedIn: boolean): Peer {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    avatar: r.avatar,
    extension: r.extension,
    phoneStatus: loggedIn ? r.phone_status : 'offline',
    loggedIn,
    mobileLoggedIn: r.mobile_logged_in,
    coaching: r.coaching,
  };
}

export async function findUser(q: Queryable, accountId: string, userId: string): Promise<User | null> {
  const [row] = await q.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1 and account_id = $2 and deleted_at is null`, [userId, accountId]);
  return row ? toUser(row) : null;
}

interface AccountRow {
  id: string;
  name: string;
  db_name: string;
  mfa_required: boolean;
  timezone: string;
  gathering_forms: string;
  service_review_enabled: boolean;
  messaging_enabled: boolean;
  call_queue_enabled: boolean;
  stripe_payment_method_id: string | null;
  twilio_phone_number: string | null;
}

export async function findAccount(q: Queryable, accountId: string): Promise<Account | null> {
  const [r] = await q.query<AccountRow>('select * from accounts where id = $1', [accountId]);
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    dbName: r.db_name,
    mfaRequired: r.mfa_required,
    timezone: r.timezone,
    gatheringForms: r.gathering_forms,
    serviceReviewEnabled: r.service_review_enabled,
    messagingEnabled: r.messaging_enabled,
    callQueueEnabled: r.call_queue_enabled,
    stripePaymentMethodId: r.stripe_payment_method_id,
    twilioPhoneNumber: r.twilio_phone_number,
    locationCount: await countLocations(q, r.id),
  };
}

/** Tells the account's sockets that a user changed (users_update). */
export async function publishUser(deps: { db: Queryable; events: AppEvents }, accountId: string, userId: string): Promise<User | null> {
  const user = await findUser(deps.db, accountId, userId);
  if (user) deps.events.emit('userUpdated', { accountId, user });
  return user;
}
