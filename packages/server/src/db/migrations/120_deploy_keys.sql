-- Deploy keys: a team's CI publishes releases of the names its key holds over HTTPS, without a
-- session or access to the host. The secret is shown once; only its SHA-256 is kept (the secret is
-- 256 random bits, so a plain hash is as good as a slow one and lets each request be checked fast).
create table deploy_keys (
  id uuid primary key,
  label text not null,
  names text[] not null,
  secret_hash text not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by text,
  last_used_at timestamptz
);
