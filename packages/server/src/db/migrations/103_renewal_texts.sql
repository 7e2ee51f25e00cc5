-- Renewal texts: an optional reminder to the client a number of days before a term ends, from a
-- team template. Each term's renewal row records its text once (the message, or why it was skipped);
-- the text's idempotency key is the term's own, so a run repeated after a restart never sends twice.
alter table renewal_settings add column text_enabled boolean not null default false;
alter table renewal_settings add column text_days integer not null default 14 check (text_days between 1 and 365);
alter table renewal_settings add column text_template_id uuid references message_templates(id) on delete set null;

alter table renewals add column text_at timestamptz;
alter table renewals add column text_message_id uuid references sms_messages(id) on delete set null;
alter table renewals add column text_skip_reason text;
