-- Message templates: team templates (user_id null, managed by admins) and personal ones (their author's).
create table message_templates (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  user_id uuid references users(id) on delete cascade,
  format text not null default 'message' check (format in ('message', 'email')),
  "group" text not null check ("group" in ('team', 'personal')),
  name text not null,
  template text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (("group" = 'team') = (user_id is null))
);
-- one name per format among the team's templates, and per author among personal ones
create unique index message_templates_name on message_templates (account_id, format, coalesce(user_id::text, ''), lower(name));
create index message_templates_list on message_templates (account_id, format);
