-- Dates of birth are sealed at rest like the identity numbers: the app seals every readable one at
-- start-up, and dynamic tags compare them opened (no SQL can read them), so the stored date
-- column and its index go.
drop index if exists clients_dob;
alter table clients drop column if exists dob_date;
