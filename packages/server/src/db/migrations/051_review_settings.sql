-- Service review settings of an account (spec 002): the text sent with a request, the Google place
-- a good rating is sent on to, the lowest rating that is, and whether staff hear of new ratings.
alter table accounts add column review_sms_message text;
alter table accounts add column google_place_id text;
alter table accounts add column google_review_min_rating smallint not null default 4 check (google_review_min_rating between 1 and 5);
alter table accounts add column rating_notification_enabled boolean not null default false;

-- Referral reports read every client's referral date (MM/dd/yyyy in data) as a date.
create index clients_referral on clients (account_id, client_date(data->>'aflliateOn'));
