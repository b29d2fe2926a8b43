-- The inbox shows what each person agreed to: the request carries a copy of its lead's consent
-- record (policy version and server time of agreement, see 20261123150000_consent_records.sql), so
-- staff see it beside the request without reading the lead. Copied by its own trigger when the
-- fan-out inserts the request, so the fan-out function stays as it is. Admins' column grants on
-- requests (status, notes) leave it read-only.

alter table public.contact_requests
  add column policy_version text,
  add column consented_at timestamptz;

comment on column public.contact_requests.policy_version is
  'Copy of offer_leads.policy_version: the privacy policy version the person agreed to.';
comment on column public.contact_requests.consented_at is
  'Copy of offer_leads.consented_at: server time of the person''s agreement.';

-- Before a request is inserted (the fan-out does that right after its lead): takes the consent
-- record from the lead, so a request never disagrees with its lead and is never updated for it.
-- Security definer because the fan-out may run as a role that cannot read offer_leads.
create function private.copy_lead_consent_to_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select l.policy_version, l.consented_at
  into new.policy_version, new.consented_at
  from public.offer_leads l
  where l.id = new.lead_id;
  return new;
end
$$;

create trigger copy_lead_consent
before insert on public.contact_requests
for each row execute function private.copy_lead_consent_to_request();

revoke execute on function private.copy_lead_consent_to_request() from public;
