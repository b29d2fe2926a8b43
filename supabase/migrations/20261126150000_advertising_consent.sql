-- Advertising consent (issue 34), kept apart from the consent to handle a request: "tell me about
-- the next offer" by phone or WhatsApp is advertising (§ 7 UWG asks for prior, demonstrable
-- consent; Art. 7 (2) GDPR for a request distinguishable from everything else). The public form shows
-- a separate, unticked box; only when it is ticked does the lead carry the version of the text the
-- box showed. The database stamps the time itself and keeps the exact wording of every version, so
-- the agency can show what a person agreed to and when. Withdrawal is a stamp, never a deletion of
-- the record: the proof that the earlier messages were allowed must survive it.

-- Every published wording of the advertising opt-in, per language, exactly as the box showed it
-- (src/i18n/ui/{ar,en}.ts 'consent.advertising'; a SQL test compares them). A new wording is a new
-- version: this insert plus src/config/site.ts `advertisingConsent.version`.
create table private.advertising_consent_texts (
  version text not null,
  language public.site_language not null,
  body text not null,
  effective_on date not null,
  primary key (version, language),
  constraint advertising_consent_texts_version_format check (version ~ '^[0-9]+(\.[0-9]+)*$'),
  constraint advertising_consent_texts_body_length check (char_length(body) between 20 and 1000)
);

alter table private.advertising_consent_texts enable row level security;
revoke all on table private.advertising_consent_texts from public, anon, authenticated;

insert into private.advertising_consent_texts (version, language, body, effective_on) values
  ('1.0', 'ar',
   'نعم، أخبروني بعروض زراعة الشعر القادمة من رحلة كير عبر الهاتف أو واتساب. هذا اختياري، ويمكنني سحب موافقتي في أي وقت.',
   '2026-11-26'),
  ('1.0', 'en',
   'Yes, tell me about Rihla Care’s next hair transplant offers by phone or WhatsApp. This is optional, and I can withdraw my consent at any time.',
   '2026-11-26');

alter table public.offer_leads
  add column advertising_consent_version text,
  add column advertising_consented_at timestamptz,
  add column advertising_withdrawn_at timestamptz;

comment on column public.offer_leads.advertising_consent_version is
  'Version of the advertising opt-in text the person ticked (private.advertising_consent_texts); null: not given.';
comment on column public.offer_leads.advertising_consented_at is
  'Server time at which the database received the ticked advertising opt-in.';
comment on column public.offer_leads.advertising_withdrawn_at is
  'Server time at which the advertising consent was withdrawn (private.withdraw_advertising_consent).';

-- Before insert: an opt-in names a published wording in the lead's own language; the time is the
-- server's, and no one can send a lead that arrives already withdrawn. Security definer because the
-- public cannot read the texts table.
create function private.record_advertising_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.advertising_consent_version := nullif(btrim(new.advertising_consent_version), '');
  new.advertising_withdrawn_at := null;
  if new.advertising_consent_version is null then
    new.advertising_consented_at := null;
    return new;
  end if;
  if not exists (
    select 1 from private.advertising_consent_texts t
    where t.version = new.advertising_consent_version and t.language = new.language
  ) then
    raise exception 'Unknown advertising consent text: %', left(new.advertising_consent_version, 20)
      using errcode = '23514', hint = 'offer_leads_advertising_consent_known';
  end if;
  new.advertising_consented_at := now();
  return new;
end
$$;

create trigger record_advertising_consent
before insert on public.offer_leads
for each row execute function private.record_advertising_consent();

revoke execute on function private.record_advertising_consent() from public;

-- Whatever path a row takes (service-role writes included): a known wording in the lead's language,
-- a version always with its time, a withdrawal only after a consent and never before it.
alter table public.offer_leads
  add constraint offer_leads_advertising_consent_known
    foreign key (advertising_consent_version, language)
    references private.advertising_consent_texts (version, language),
  add constraint offer_leads_advertising_consent_recorded
    check ((advertising_consent_version is null) = (advertising_consented_at is null)),
  add constraint offer_leads_advertising_withdrawal_after_consent
    check (
      advertising_withdrawn_at is null
      or (advertising_consented_at is not null
          and advertising_withdrawn_at >= advertising_consented_at)
    );

-- Withdraws the advertising consent recorded with one lead, keyed as it was recorded (the lead's
-- id). Returns true when a live consent was withdrawn now, false when there was none or it had
-- already been withdrawn (a second withdrawal keeps the first time). Private and not callable through
-- the API: the patient's own page calls it from its own security-definer RPC once that has resolved
-- the page's token to the request's lead_id (docs/admin.md, "Advertising consent"); staff call it
-- through public.withdraw_advertising_consent below.
create function private.withdraw_advertising_consent(_lead_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.offer_leads
  set advertising_withdrawn_at = now()
  where id = _lead_id
    and advertising_consented_at is not null
    and advertising_withdrawn_at is null;
  return found;
end
$$;

revoke execute on function private.withdraw_advertising_consent(uuid)
  from public, anon, authenticated, service_role;

-- Staff record a withdrawal a person asked for by phone, WhatsApp or e-mail. Only a live admin (the
-- same check as every staff write); the lead's other fields stay as they are.
create function public.withdraw_advertising_consent(_lead_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only a signed-in admin can record a withdrawal'
      using errcode = '42501', hint = 'not_admin';
  end if;
  return private.withdraw_advertising_consent(_lead_id);
end
$$;

revoke execute on function public.withdraw_advertising_consent(uuid) from public, anon;
grant execute on function public.withdraw_advertising_consent(uuid) to authenticated, service_role;
