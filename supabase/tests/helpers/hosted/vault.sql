-- A stand-in for Supabase Vault (supabase_vault, preinstalled on hosted projects and not packaged
-- by Debian), for the production rehearsal only: the function and view the README's step 6 and
-- private.schedule_production_jobs() use, storing the secret as it is (no pgsodium encryption).
create schema vault;

-- The secrets, as vault.secrets holds them (here in plain text).
create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- vault.create_secret(secret, name, description): stores a secret, returns its id.
create function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default ''
)
returns uuid
language sql
volatile
as $$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning id
$$;

-- The secrets readable in clear, as vault.decrypted_secrets shows them.
create view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at, updated_at
  from vault.secrets;

grant usage on schema vault to postgres;
grant all on vault.secrets to postgres;
grant select on vault.decrypted_secrets to postgres;
grant execute on function vault.create_secret(text, text, text) to postgres;
