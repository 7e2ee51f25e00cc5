-- The contact list at scale: per-letter counts kept by triggers (the letter bar and the list's
-- total answer without counting 100,000 rows), and each search term carrying its client's sort
-- key, so a search pages through the term index alone.
create function client_letter(k text) returns text language sql immutable as $$
  select case when k collate "C" >= 'a' and k collate "C" < '{' then substr(k, 1, 1) else '#' end
$$;

create table client_letter_counts (
  account_id uuid not null references accounts(id) on delete cascade,
  letter text not null,
  n integer not null default 0,
  primary key (account_id, letter)
);

create function clients_count_letters() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and client_letter(old.sort_key) = client_letter(new.sort_key) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update client_letter_counts set n = n - 1 where account_id = old.account_id and letter = client_letter(old.sort_key);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into client_letter_counts as l (account_id, letter, n) values (new.account_id, client_letter(new.sort_key), 1)
    on conflict (account_id, letter) do update set n = l.n + 1;
  end if;
  return null;
end
$$;
create trigger clients_letters_insert_delete after insert or delete on clients for each row execute function clients_count_letters();
create trigger clients_letters_update after update of sort_key on clients for each row
  when (old.sort_key is distinct from new.sort_key) execute function clients_count_letters();

insert into client_letter_counts (account_id, letter, n)
  select account_id, client_letter(sort_key), count(*) from clients group by 1, 2;

alter table client_terms add column sort_key text collate "C" not null default '';
update client_terms t set sort_key = c.sort_key from clients c where c.id = t.client_id;
drop index client_terms_lookup;
create index client_terms_lookup on client_terms (account_id, term) include (client_id, sort_key);
