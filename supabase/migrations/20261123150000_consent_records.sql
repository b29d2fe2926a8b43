-- Consent recorded with every lead: which version of the privacy policy and terms the visitor was
-- shown (src/config/site.ts `policies.version`, sent by the forms) and when the database received
-- the agreement (server time, never the browser's clock). The published versions are listed here;
-- a lead naming any other version is refused. A lead that names none (an API client, a staff tool)
-- is recorded against the latest version, which every page of the site links in its footer.
-- The admins' column grants do not include these columns, so the record cannot be edited later.

-- Every published version of the privacy policy and terms, with the day it took effect. Publishing
-- a new version is a migration that inserts it here plus the matching edit of src/config/site.ts.
create table private.policy_versions (
  version text primary key,
  effective_on date not null unique,
  constraint policy_versions_version_format check (version ~ '^[0-9]+(\.[0-9]+)*$')
);

-- Nothing in `private` is reachable by the API roles; RLS on as everywhere, with no policy.
alter table private.policy_versions enable row level security;

insert into private.policy_versions (version, effective_on) values ('1.0', '2026-11-23');

alter table public.offer_leads
  add column policy_version text,
  add column consented_at timestamptz;

comment on column public.offer_leads.policy_version is
  'Version of the privacy policy and terms shown when the visitor agreed (private.policy_versions).';
comment on column public.offer_leads.consented_at is
  'Server time at which the database received the visitor''s agreement.';

-- Before insert, after prepare_offer_lead and the rate limit (triggers fire alphabetically): checks
-- the version the form sent, fills in the latest when none was sent, and stamps the server time.
-- Security definer because the public cannot read private.policy_versions.
create function private.record_lead_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.policy_version := nullif(btrim(new.policy_version), '');
  if new.policy_version is null then
    select version into new.policy_version
    from private.policy_versions
    order by effective_on desc
    limit 1;
  elsif not exists (select 1 from private.policy_versions where version = new.policy_version) then
    raise exception 'Unknown privacy policy version: %', left(new.policy_version, 20)
      using errcode = '23514', hint = 'offer_leads_policy_version_known';
  end if;
  new.consented_at := now();
  return new;
end
$$;

create trigger record_lead_consent
before insert on public.offer_leads
for each row execute function private.record_lead_consent();

revoke execute on function private.record_lead_consent() from public;

-- The version must be a published one whatever path a row takes (service-role writes included),
-- and a version never comes without its consent time. Rows stored before this migration were sent
-- before any policy existed: they keep neither.
alter table public.offer_leads
  add constraint offer_leads_policy_version_known
    foreign key (policy_version) references private.policy_versions (version),
  add constraint offer_leads_consent_recorded
    check ((policy_version is null) = (consented_at is null));
