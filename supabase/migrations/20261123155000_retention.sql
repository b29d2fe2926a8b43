-- Retention (issue 15): a lead and its request are erased once nobody has worked on the request for
-- a configurable period: 24 months after the request's last change (`updated_at`), 6 months for a
-- cancelled request (see docs/decisions.md, "Retention periods"). Deleting the lead deletes its
-- request (on delete cascade), and through it every row of any table that references either with
-- on delete cascade (timeline events, mail outbox). The periods live in a private settings table;
-- pg_cron runs the function daily in production, the local server runs it on a timer
-- (local/retention.ts), and `npm run admin -- erase-expired` runs it on demand.

-- The retention periods, one row. Private: only the database owner (migrations, the admin CLI,
-- pg_cron) reads or changes it.
create table private.retention_settings (
  id boolean primary key default true,
  keep_months integer not null default 24,
  keep_cancelled_months integer not null default 6,
  updated_at timestamptz not null default now(),
  constraint retention_settings_one_row check (id),
  constraint retention_settings_keep_months check (keep_months between 1 and 120),
  constraint retention_settings_keep_cancelled_months check (
    keep_cancelled_months between 1 and keep_months
  )
);
insert into private.retention_settings default values;
alter table private.retention_settings enable row level security;
revoke all on table private.retention_settings from public, anon, authenticated;

-- Erases every lead whose request was last changed before its period ended (`as_of` minus the period;
-- `as_of` is now unless a test or a dry run passes another time), and leads that somehow have no
-- request by their own age. Returns how many leads were erased. Security definer so pg_cron's role
-- and the local timer need no table rights of their own.
create function private.erase_expired_leads(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.retention_settings;
  erased integer;
begin
  select * into strict settings from private.retention_settings where id;
  with expired as (
    delete from public.offer_leads as lead
    where exists (
        select 1
        from public.contact_requests as request
        where request.lead_id = lead.id
          and request.updated_at < as_of - make_interval(
            months => case
              when request.status = 'cancelled' then settings.keep_cancelled_months
              else settings.keep_months
            end
          )
      )
      or (
        not exists (select 1 from public.contact_requests as request where request.lead_id = lead.id)
        and lead.created_at < as_of - make_interval(months => settings.keep_months)
      )
    returning 1
  )
  select count(*)::integer into erased from expired;
  return erased;
end
$$;

revoke execute on function private.erase_expired_leads(timestamptz) from public, anon, authenticated;

-- Production schedule: daily at 03:17 UTC with pg_cron, where the extension can be created (hosted
-- Supabase). PGlite and a plain PostgreSQL without pg_cron skip this; their scheduler is the local
-- server's timer.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      perform cron.schedule(
        'erase-expired-leads', '17 3 * * *', 'select private.erase_expired_leads()'
      );
    exception when others then
      raise notice 'pg_cron not usable here (%): retention runs from the local server''s timer',
        sqlerrm;
    end;
  end if;
end
$$;
