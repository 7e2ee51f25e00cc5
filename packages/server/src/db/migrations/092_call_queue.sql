-- A caller waiting in their location's call queue (hold music) since queued_at; null once taken, gone or sent to voicemail.
alter table calls add column queued_at timestamptz;
create index calls_queued on calls (account_id, location_id, queued_at) where queued_at is not null;
