import { randomUUID } from 'node:crypto';
import { googleReviewUrl, type ClientLevel, type Review, type ReviewSettings, type ReviewSettingsUpdate, type ReviewTotals } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { iso } from '../../db/sql';

interface ReviewRow {
  id: string;
  created_at: Date | string;
  requested_by: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  client_id: string;
  data: Record<string, unknown>;
  client_level: ClientLevel;
  rating: number | null;
  feedback: string | null;
  answered_at: Date | string | null;
}

const SELECT = `select r.id, r.created_at, r.requested_by, u.first_name, u.last_name, u.avatar, r.client_id, c.data,
    r.client_level, r.rating, r.feedback, r.answered_at
  from service_reviews r
  join clients c on c.id = r.client_id and c.account_id = r.account_id
  left join users u on u.id = r.requested_by`;

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  createdAt: iso(r.created_at)!,
  requestedBy: r.requested_by && r.first_name !== null ? { id: r.requested_by, firstName: r.first_name, lastName: r.last_name ?? '', avatar: r.avatar } : null,
  client: {
    id: r.client_id,
    firstName: text(r.data.firstName),
    lastName: text(r.data.lastName),
    coFirstName: text(r.data.coFirstName),
    coLastName: text(r.data.coLastName),
  },
  clientLevel: r.client_level,
  rating: r.rating,
  feedback: r.feedback,
  answeredAt: iso(r.answered_at),
});

/** A client's review requests and answers, newest first. */
export async function clientReviews(q: Queryable, accountId: string, clientId: string): Promise<Review[]> {
  const rows = await q.query<ReviewRow>(`${SELECT} where r.account_id = $1 and r.client_id = $2 order by r.created_at desc, r.id`, [accountId, clientId]);
  return rows.map(toReview);
}

/** The account's reviews, newest first, one page (1-based). */
export async function listReviews(q: Queryable, accountId: string, page: number, limit: number): Promise<Review[]> {
  const rows = await q.query<ReviewRow>(`${SELECT} where r.account_id = $1 order by r.created_at desc, r.id limit $2 offset $3`, [
    accountId,
    limit,
    (page - 1) * limit,
  ]);
  return rows.map(toReview);
}

/** Requests, answers and the average rating; a month (MMyyyy) counts requests made in it, in the account's time zone. */
export async function reviewTotals(q: Queryable, accountId: string, filter: { requestedBy?: string; monthYear?: string }): Promise<ReviewTotals> {
  const [row] = await q.query<{ reviews: number; completed: number; rating: string | null }>(
    `select count(*)::int as reviews, count(r.rating)::int as completed, round(avg(r.rating), 2)::text as rating
       from service_reviews r join accounts a on a.id = r.account_id
      where r.account_id = $1
        and ($2::uuid is null or r.requested_by = $2::uuid)
        and ($3::text is null or to_char(r.created_at at time zone a.timezone, 'MMYYYY') = $3::text)`,
    [accountId, filter.requestedBy ?? null, filter.monthYear ?? null],
  );
  return { reviews: row.reviews, completed: row.completed, rating: row.rating === null ? null : Number(row.rating) };
}

export interface NewReview {
  clientId: string;
  clientLevel: ClientLevel;
  requestedBy: string | null;
  rating?: number | null;
  feedback?: string | null;
  createdAt?: string;
  answeredAt?: string | null;
}

/** Records a review request (answered already when a rating is given). */
export async function insertReview(q: Queryable, accountId: string, r: NewReview): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into service_reviews (id, account_id, client_id, client_level, requested_by, rating, feedback, answered_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))`,
    [
      id,
      accountId,
      r.clientId,
      r.clientLevel,
      r.requestedBy,
      r.rating ?? null,
      r.feedback ?? null,
      r.answeredAt ?? (r.rating ? new Date().toISOString() : null),
      r.createdAt ?? null,
    ],
  );
  return id;
}

/** A person's reviews follow them when a household is split, merged or loses a person (from one person of a contact to another). */
export async function movePersonReviews(
  q: Queryable,
  accountId: string,
  from: { id: string; level: ClientLevel },
  to: { id: string; level: ClientLevel },
): Promise<void> {
  await q.query('update service_reviews set client_id = $4, client_level = $5 where account_id = $1 and client_id = $2 and client_level = $3', [
    accountId,
    from.id,
    from.level,
    to.id,
    to.level,
  ]);
}

/** The reviews of a person who leaves the household (deleted). */
export async function dropPersonReviews(q: Queryable, accountId: string, clientId: string, level: ClientLevel): Promise<void> {
  await q.query('delete from service_reviews where account_id = $1 and client_id = $2 and client_level = $3', [accountId, clientId, level]);
}

/** One review of the account, or null. */
export async function loadReview(q: Queryable, accountId: string, id: string): Promise<Review | null> {
  const [row] = await q.query<ReviewRow>(`${SELECT} where r.account_id = $1 and r.id = $2`, [accountId, id]);
  return row ? toReview(row) : null;
}

interface SettingsRow {
  name: string;
  service_review_enabled: boolean;
  review_sms_message: string | null;
  google_place_id: string | null;
  google_review_min_rating: number;
  rating_notification_enabled: boolean;
}

/** An account's name and service review settings, or null when there is no such account. */
export async function reviewSettings(q: Queryable, accountId: string): Promise<(ReviewSettings & { name: string }) | null> {
  const [row] = await q.query<SettingsRow>(
    `select name, service_review_enabled, review_sms_message, google_place_id, google_review_min_rating, rating_notification_enabled
       from accounts where id = $1`,
    [accountId],
  );
  if (!row) return null;
  return {
    name: row.name,
    serviceReviewEnabled: row.service_review_enabled,
    reviewSMSMessage: row.review_sms_message,
    googlePlaceId: row.google_place_id,
    googleReviewMinRating: Number(row.google_review_min_rating),
    ratingNotificationEnabled: row.rating_notification_enabled,
  };
}

/** Whether the answered rating earns the offer of the Google review page. */
export const googleLinkFor = (settings: Pick<ReviewSettings, 'googlePlaceId' | 'googleReviewMinRating'>, rating: number | null): string | null =>
  settings.googlePlaceId && rating !== null && rating >= settings.googleReviewMinRating ? googleReviewUrl(settings.googlePlaceId) : null;

/** Saves a client's answer once; answers false when the review was answered already (nothing changes). */
export async function answerReview(q: Queryable, accountId: string, id: string, rating: number, feedback: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `update service_reviews set rating = $3, feedback = nullif($4, ''), answered_at = now()
      where account_id = $1 and id = $2 and rating is null returning id`,
    [accountId, id, rating, feedback],
  );
  return rows.length === 1;
}

/** Writes the given settings (an empty text clears it); answers the settings now. */
export async function updateReviewSettings(q: Queryable, accountId: string, u: ReviewSettingsUpdate): Promise<ReviewSettings> {
  const has = (k: keyof ReviewSettingsUpdate) => u[k] !== undefined;
  await q.query(
    `update accounts set
       service_review_enabled = case when $2 then $3 else service_review_enabled end,
       review_sms_message = case when $4 then nullif($5, '') else review_sms_message end,
       google_place_id = case when $6 then nullif($7, '') else google_place_id end,
       google_review_min_rating = case when $8 then $9::smallint else google_review_min_rating end,
       rating_notification_enabled = case when $10 then $11 else rating_notification_enabled end
     where id = $1`,
    [
      accountId,
      has('serviceReviewEnabled'),
      u.serviceReviewEnabled ?? false,
      has('reviewSMSMessage'),
      u.reviewSMSMessage ?? '',
      has('googlePlaceId'),
      u.googlePlaceId ?? '',
      has('googleReviewMinRating'),
      u.googleReviewMinRating ?? 4,
      has('ratingNotificationEnabled'),
      u.ratingNotificationEnabled ?? false,
    ],
  );
  const { name: _name, ...settings } = (await reviewSettings(q, accountId))!;
  return settings;
}
