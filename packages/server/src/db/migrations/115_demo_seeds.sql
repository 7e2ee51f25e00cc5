-- The demo data's seeds, each recorded once it is done (DEMO_DATA=1): a start seeds only what is not
-- recorded here, so nothing the agency deletes or changes afterwards (the demo campaign, a client, a
-- room) makes a start seed it again. 'activity': the demo's texts, calls, campaign, boards and chat
-- (seedDemoActivity.ts). Until now the demo campaign's row was the mark: where the demo agency
-- exists, its activity was seeded when it was (or the agency has changed it since), so it is
-- recorded done.
create table demo_seeds (
  name text primary key,
  seeded_at timestamptz not null default now(),
  -- why it was recorded without being seeded, if it was
  note text
);
insert into demo_seeds (name, note)
select 'activity', 'recorded when the table was made: the demo agency existed'
where exists (select 1 from accounts where id = '00000000-0000-4000-8000-000000000001');
