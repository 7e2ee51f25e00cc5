-- What the carrier said of an incoming caller: its STIR/SHAKEN verification status as sent
-- (StirVerstat) and the verification shown for it (verified, unverified, spam or fraud).
alter table calls add column if not exists stir_verstat text;
alter table calls add column if not exists verification text check (verification in ('verified', 'unverified', 'spam', 'fraud'));
