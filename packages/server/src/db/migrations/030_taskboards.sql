-- Task boards: lanes in order, the users allowed on a board, the tags that fill it, and its cards.
create table task_boards (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null,
  description text not null default '',
  monitor boolean not null default false,
  -- grows with every change of the board's cards; screens drop changes older than what they show
  seq bigint not null default 0,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index task_boards_account on task_boards (account_id);

create table task_board_lanes (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  board_id uuid not null references task_boards(id) on delete cascade,
  label text not null,
  position integer not null,
  -- open cards in the lane, kept by the triggers below so a busy board counts without scanning
  open_cards integer not null default 0
);
create index task_board_lanes_board on task_board_lanes (board_id, position);

-- No rows: everyone in the account may use the board.
create table task_board_users (
  board_id uuid not null references task_boards(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  primary key (board_id, user_id)
);

create table task_board_tags (
  board_id uuid not null references task_boards(id) on delete cascade,
  tag_id uuid not null,
  account_id uuid not null references accounts(id) on delete cascade,
  primary key (board_id, tag_id)
);
create index task_board_tags_tag on task_board_tags (account_id, tag_id);

-- The clients a tagged board counts as holding one of its tags, as last worked out.
create table task_board_clients (
  board_id uuid not null references task_boards(id) on delete cascade,
  client_id uuid not null,
  account_id uuid not null references accounts(id) on delete cascade,
  since timestamptz not null default now(),
  primary key (board_id, client_id)
);
create index task_board_clients_client on task_board_clients (account_id, client_id);

create table task_cards (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  board_id uuid not null references task_boards(id) on delete cascade,
  lane_id uuid not null references task_board_lanes(id) on delete cascade,
  sort_order double precision not null,
  title text not null default '',
  details text not null default '',
  body text not null default '',
  client_id uuid,
  client_name text,
  client_type text,
  due_on timestamptz,
  card_color text,
  sub_title text,
  tag_style jsonb,
  escalation_text text,
  tags text[] not null default '{}',
  assigned_to uuid references users(id) on delete set null,
  assigned_on timestamptz,
  repeat text not null default 'none' check (repeat in ('none', 'daily', 'weekly', 'monthly')),
  -- set once the next occurrence of a repeating card has been made
  repeated_at timestamptz,
  source text not null default 'manual' check (source in ('manual', 'tag', 'repeat')),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_reason text
);
create index task_cards_lane_order on task_cards (lane_id, sort_order, id) where closed_at is null;
create index task_cards_board_open on task_cards (board_id, lane_id) where closed_at is null;
create index task_cards_client on task_cards (account_id, client_id) where client_id is not null;
create index task_cards_assignee_due on task_cards (account_id, assigned_to, due_on) where closed_at is null and due_on is not null;
create index task_cards_board_assignee on task_cards (board_id, assigned_to) where closed_at is null;
create index task_cards_board_due on task_cards (board_id, due_on) where closed_at is null and due_on is not null;
create index task_cards_repeat_due on task_cards (due_on) where repeat <> 'none' and repeated_at is null;
-- a tagged board keeps one open card per client
create unique index task_cards_one_per_tagged_client on task_cards (board_id, client_id) where source = 'tag' and closed_at is null;

-- Lane counts follow every insert, move, close and delete of cards, one statement at a time.
create function task_cards_count_insert() returns trigger language plpgsql as $$
begin
  update task_board_lanes l set open_cards = l.open_cards + n.c
    from (select lane_id, count(*)::int as c from new_cards where closed_at is null group by lane_id) n
   where l.id = n.lane_id;
  return null;
end $$;
create function task_cards_count_delete() returns trigger language plpgsql as $$
begin
  update task_board_lanes l set open_cards = l.open_cards - o.c
    from (select lane_id, count(*)::int as c from old_cards where closed_at is null group by lane_id) o
   where l.id = o.lane_id;
  return null;
end $$;
create function task_cards_count_update() returns trigger language plpgsql as $$
begin
  update task_board_lanes l set open_cards = l.open_cards + d.c
    from (select lane_id, sum(c)::int as c from (
            select lane_id, 1 as c from new_cards where closed_at is null
            union all
            select lane_id, -1 as c from old_cards where closed_at is null) x
          group by lane_id) d
   where l.id = d.lane_id and d.c <> 0;
  return null;
end $$;
create trigger task_cards_count_insert after insert on task_cards referencing new table as new_cards
  for each statement execute function task_cards_count_insert();
create trigger task_cards_count_delete after delete on task_cards referencing old table as old_cards
  for each statement execute function task_cards_count_delete();
create trigger task_cards_count_update after update on task_cards referencing old table as old_cards new table as new_cards
  for each statement execute function task_cards_count_update();

-- What each user is working on now (shown in a persistent toast until done or set aside).
create table task_active_cards (
  user_id uuid primary key references users(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  card_id uuid not null references task_cards(id) on delete cascade,
  started_at timestamptz not null default now()
);
create index task_active_cards_card on task_active_cards (card_id);
