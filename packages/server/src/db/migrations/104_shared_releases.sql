-- Releases every API process finds (RELEASES_STORE=database, the default on PostgreSQL): each
-- release of the shell or a remote with its record, its files, and the active pointer of each.
-- A process keeps a copy of what it serves in its own registry folder, read again from here.
create table release_builds (
  name text not null,
  release text not null,
  -- where it came from and what it needs (null: released before records were kept)
  record jsonb,
  released_at timestamptz not null default now(),
  primary key (name, release)
);

create table release_files (
  name text not null,
  release text not null,
  path text not null,
  body bytea not null,
  primary key (name, release, path),
  foreign key (name, release) references release_builds (name, release) on delete cascade
);

create table release_active (
  name text primary key,
  active text not null,
  -- the releases active before, oldest first, ending with the active one
  history jsonb not null,
  changed_at timestamptz not null default now(),
  foreign key (name, active) references release_builds (name, release)
);
