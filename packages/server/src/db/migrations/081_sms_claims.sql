-- A worker claims a pending text before handing it to the carrier: a second job for the same text
-- (a restart's sweep, another process) leaves it alone while the claim is fresh.
alter table sms_messages add column claimed_at timestamptz;
