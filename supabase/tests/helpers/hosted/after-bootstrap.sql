-- After local/bootstrap.sql (run as supabase_admin): ownership and grants as hosted projects have
-- them, and what the platform preinstalls. Run as supabase_admin.

-- The schema _local stays: its trigger on realtime.messages is how the local Realtime, which stands
-- in for hosted Realtime over this database, learns of each broadcast (hosted Realtime reads them
-- by logical replication).

-- postgres switches to the API roles (as the Data API's authenticator does for requests).
grant anon, authenticated, service_role to postgres;

-- The auth schema belongs to the auth service; postgres may read and write its tables.
grant usage on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant execute on all functions in schema auth to postgres;

-- Extensions live in `extensions`, where postgres may create them (pg_trgm is a trusted one).
grant usage, create on schema extensions to postgres;

-- realtime.messages belongs to Realtime's admin role, of which postgres is a member (so it adds
-- the policies of Realtime Authorization, as Supabase's guides tell it to).
create role supabase_realtime_admin nologin;
alter table realtime.messages owner to supabase_realtime_admin;
grant supabase_realtime_admin to postgres;
grant usage on schema realtime to postgres;
grant execute on all functions in schema realtime to postgres;

-- postgres adds tables to Realtime's publication (Supabase's guides: alter publication … add table).
alter publication supabase_realtime owner to postgres;

-- The CLI creates its migration history as postgres.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- Hosted projects give postgres the cron schema once pg_cron is created (supabase/postgres,
-- extensions.grant_pg_cron_access(), an event trigger on CREATE EXTENSION).
create function extensions.grant_pg_cron_access()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select from pg_event_trigger_ddl_commands() as ev
    join pg_extension as ext on ev.objid = ext.oid
    where ext.extname = 'pg_cron'
  ) then
    grant usage on schema cron to postgres with grant option;
    grant all on all tables in schema cron to postgres with grant option;
    grant all on all functions in schema cron to postgres with grant option;
    grant all on all sequences in schema cron to postgres with grant option;
  end if;
end
$$;

create event trigger issue_pg_cron_access on ddl_command_end when tag in ('CREATE EXTENSION')
execute function extensions.grant_pg_cron_access();
