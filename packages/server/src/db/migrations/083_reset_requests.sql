-- A mailed reset code is bound to the request that sent it: the verify call names that request
-- (its id went back to the page that asked), so a code alone is worth nothing. Welcome links carry
-- a 128-bit token instead and have no request.
alter table password_resets add column request_hash text;
