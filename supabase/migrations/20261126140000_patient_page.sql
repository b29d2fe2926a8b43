-- The patient's own page (issue 29, ARCHITECTURE section 13). Every request gets:
--   * a reference (contact_requests.reference, e.g. RC-7K4M-2R): six characters from an alphabet
--     without look-alikes (no 0, O, 1, I, L, 5, S, B, Z, G, Q, U, V), digits and capitals that read
--     out the same in Arabic and English, found by the dashboard's search;
--   * a private link /r/#<token>: the token (at least 128 random bits, base64url) is made by the
--     browser with the lead (offer_leads.patient_token, the insert is already idempotent by its
--     client id), or by the database when a lead comes without one. A trigger keeps only its
--     sha256 in private.patient_pages and the column is always stored empty (a check says so).
--     The raw token lives on only in the patient's confirmation outbox row until that mail is sent
--     (20261126140100_patient_confirmation.sql). Staff can revoke the link or issue a new one
--     (handed back once, to the staff member who asked). Everything here is keyed by the lead, so
--     erasure, retention and `npm run admin -- erase` take it with the lead (on delete cascade).
-- The patient reads the page through one security-definer function keyed by the token
-- (public.patient_request) and acts through four (message, contact details, call back,
-- withdrawal), each rate-limited per token and per address and written as a timeline event.

-- A new unused reference; 23 characters, no pair a listener or a reader confuses.
create function private.new_request_reference()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := '2346789ACDEFHJKMNPRTWXY';
  candidate text;
begin
  loop
    select 'RC-' || string_agg(substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1), '')
      into candidate
    from generate_series(1, 6);
    candidate := left(candidate, 7) || '-' || right(candidate, 2);
    exit when not exists (select 1 from public.contact_requests where reference = candidate);
  end loop;
  return candidate;
end
$$;

alter table public.contact_requests add column reference text;

-- Existing requests get theirs without touching updated_at, version or the timeline.
alter table public.contact_requests disable trigger user;
do $$
declare
  request_id uuid;
begin
  for request_id in select id from public.contact_requests where reference is null loop
    update public.contact_requests set reference = private.new_request_reference()
    where id = request_id;
  end loop;
end
$$;
alter table public.contact_requests enable trigger user;

alter table public.contact_requests
  alter column reference set default private.new_request_reference(),
  alter column reference set not null,
  add constraint contact_requests_reference_unique unique (reference),
  add constraint contact_requests_reference_format check (reference ~ '^RC-[2-9A-Z]{4}-[2-9A-Z]{2}$');

comment on column public.contact_requests.reference is
  'The reference the patient reads out or types (RC-XXXX-XX), on the thank-you page, the patient page and the e-mail.';

-- The search text now carries the reference too, as written and without dashes ("7K4M2R"). The
-- function keeps its name and its first three arguments (20261124130000_request_search_index.sql);
-- the stored column is rebuilt on it, with its trigram index below.
alter table public.contact_requests drop column search_text;
drop function public.request_search_text(text, text, text);

create function public.request_search_text(
  _name text, _email text, _notes text, _reference text default null
)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select public.fold_search_text(_name) || e'\n' || public.fold_search_text(_email) || e'\n'
    || public.fold_search_text(_notes) || e'\n'
    || public.fold_search_text(_reference) || ' ' || public.fold_search_text(replace(_reference, '-', ''))
$$;

grant execute on function public.request_search_text(text, text, text, text)
  to anon, authenticated, service_role;

alter table public.contact_requests
  add column search_text text
  generated always as (public.request_search_text(name, email, notes, reference)) stored;

do $$
declare
  trgm_schema text := (
    select n.nspname from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'
  );
begin
  execute format(
    'create index contact_requests_search_trgm_idx on public.contact_requests
       using gin (search_text %I.gin_trgm_ops)', trgm_schema);
end
$$;

-- The patient's page of one lead: the hash of its live token (null: revoked, or never issued for
-- leads older than this migration), when it was issued and last opened, the step of the patient's
-- journey staff last set, and the call-back time the patient asked for. The foreign key is checked
-- at commit, because the row is written by a before-insert trigger of the lead itself.
create table private.patient_pages (
  lead_id uuid primary key
    references public.offer_leads (id) on delete cascade deferrable initially deferred,
  token_hash bytea unique,
  token_issued_at timestamptz,
  last_opened_at timestamptz,
  step text,
  step_at timestamptz,
  callback_at timestamptz,
  constraint patient_pages_step check (
    step in ('documents', 'quotes', 'decision', 'travel', 'aftercare')
  ),
  constraint patient_pages_token_hash_length check (octet_length(token_hash) = 32)
);
alter table private.patient_pages enable row level security;
revoke all on table private.patient_pages from public, anon, authenticated;

insert into private.patient_pages (lead_id) select id from public.offer_leads;

-- What the patient page and its actions were asked, for the limits: one row per action (lead set)
-- or per lookup with a wrong token (lead null), with the caller's address. Kept one day.
create table private.patient_page_calls (
  id bigint generated always as identity primary key,
  lead_id uuid references public.offer_leads (id) on delete cascade,
  client_address text,
  kind text not null,
  called_at timestamptz not null default now(),
  constraint patient_page_calls_kind check (
    kind in ('miss', 'message', 'contact', 'callback', 'withdraw')
  )
);
create index patient_page_calls_lead_idx on private.patient_page_calls (lead_id, called_at desc);
create index patient_page_calls_address_idx
  on private.patient_page_calls (client_address, kind, called_at desc);
alter table private.patient_page_calls enable row level security;
revoke all on table private.patient_page_calls from public, anon, authenticated;

-- The limits, one row, tunable on a live project with one UPDATE.
create table private.patient_page_limits (
  id boolean primary key default true check (id),
  actions_per_link_per_hour integer not null default 10 check (actions_per_link_per_hour > 0),
  actions_per_address_per_hour integer not null default 30 check (actions_per_address_per_hour > 0),
  misses_per_address_per_10_minutes integer not null default 20
    check (misses_per_address_per_10_minutes > 0)
);
insert into private.patient_page_limits default values;
alter table private.patient_page_limits enable row level security;
revoke all on table private.patient_page_limits from public, anon, authenticated;

-- The patient's confirmation e-mail (one per lead that gave an e-mail address): the outbox row
-- holds the raw token of the link until the mail is delivered or given up, then it is wiped. The
-- worker's functions are in 20261126140100_patient_confirmation.sql.
create table private.patient_confirmations (
  lead_id uuid primary key
    references public.offer_leads (id) on delete cascade deferrable initially deferred,
  created_at timestamptz not null default now(),
  link_token text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz,
  constraint patient_confirmations_token_wiped check (
    link_token is null or (sent_at is null and gave_up_at is null)
  )
);
create index patient_confirmations_due_idx on private.patient_confirmations (next_attempt_at)
  where sent_at is null and gave_up_at is null;
alter table private.patient_confirmations enable row level security;
revoke all on table private.patient_confirmations from public, anon, authenticated;

-- The raw token, sent with the lead and never stored: the trigger below empties it.
alter table public.offer_leads
  add column patient_token text,
  add constraint offer_leads_patient_token_never_stored check (patient_token is null);

comment on column public.offer_leads.patient_token is
  'Write-only: the patient link token the browser made; only its sha256 is kept (private.patient_pages).';

-- The manager the patient sees: a display name and a WhatsApp number per staff account, set with
-- `npm run admin -- profile`. Without them the page shows the username and the agency's chat.
alter table private.admin_users
  add column display_name text,
  add column whatsapp text,
  add constraint admin_users_display_name_length check (char_length(btrim(display_name)) between 2 and 60),
  add constraint admin_users_whatsapp_digits check (whatsapp ~ '^[0-9]{8,15}$');

-- New timeline entries: what the patient did, and what staff did to the patient's page (the kinds
-- of 20261126100000_staff_roles_and_bin.sql kept).
alter table public.request_events drop constraint request_events_kind;
alter table public.request_events add constraint request_events_kind check (
  kind in (
    'status', 'note', 'assignment', 'follow_up', 'deleted', 'restored',
    'patient_message', 'patient_contact', 'patient_callback', 'patient_link', 'patient_step'
  )
);

-- A new random token, base64url, 256 bits.
create function private.new_patient_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=')
$$;

-- The stored form of a token.
create function private.patient_token_hash(_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select extensions.digest(convert_to(_token, 'UTF8'), 'sha256')
$$;

-- Before insert (last of the before-insert triggers, by name, so retries skipped by
-- prepare_offer_lead and refused leads never get here): keeps the hash of the lead's token (the
-- browser's, or a new one), queues the patient's confirmation when an e-mail was given and the lead
-- is not held (it needs the raw token once), and stores the column empty.
create function private.take_patient_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  raw text := nullif(btrim(new.patient_token), '');
begin
  if raw is not null and raw !~ '^[A-Za-z0-9_-]{22,128}$' then
    raise exception 'The patient link token must be 22 to 128 base64url characters'
      using errcode = '23514', hint = 'offer_leads_patient_token_format';
  end if;
  raw := coalesce(raw, private.new_patient_token());
  insert into private.patient_pages (lead_id, token_hash, token_issued_at)
  values (new.id, private.patient_token_hash(raw), now());
  -- A held lead (a flood's, 20261126120000_held_leads.sql) mails nobody: a flood could otherwise
  -- send our confirmation to addresses it does not own.
  if new.email is not null and new.held_reason is null then
    insert into private.patient_confirmations (lead_id, link_token) values (new.id, raw);
  end if;
  new.patient_token := null;
  return new;
end
$$;

-- The lead behind a live token, or null: wrong, revoked, in the bin, or past the request's retention (the
-- retention job erases it soon; until then the link is already dead). A wrong token counts
-- against the caller's address, and too many raise PT429. Never raises for a wrong token, so the
-- miss is recorded.
create function private.patient_lead_for_token(_token text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := host(private.client_address());
  limits private.patient_page_limits;
  found_lead uuid;
  misses integer;
begin
  select * into limits from private.patient_page_limits;
  if address is not null then
    select count(*) into misses from private.patient_page_calls
    where client_address = address and kind = 'miss' and called_at > now() - interval '10 minutes';
    if misses >= limits.misses_per_address_per_10_minutes then
      raise exception 'Too many wrong links from this address, try again later'
        using errcode = 'PT429', hint = 'rate_limited',
              detail = format('limit: %s wrong links per address per 10 minutes',
                              limits.misses_per_address_per_10_minutes);
    end if;
  end if;
  if _token ~ '^[A-Za-z0-9_-]{22,128}$' then
    select p.lead_id into found_lead
    from private.patient_pages p
    join public.contact_requests r on r.lead_id = p.lead_id
    cross join private.retention_settings s
    where p.token_hash = private.patient_token_hash(_token)
      -- A request in the staff's bin (20261126100000_staff_roles_and_bin.sql) is gone for the patient.
      and r.deleted_at is null
      and r.updated_at >= now() - make_interval(
        months => case when r.status = 'cancelled' then s.keep_cancelled_months else s.keep_months end
      );
  end if;
  if found_lead is null then
    insert into private.patient_page_calls (client_address, kind) values (address, 'miss');
  end if;
  delete from private.patient_page_calls where called_at < now() - interval '1 day';
  return found_lead;
end
$$;

-- Admits one patient action on a live token, or returns null for a dead one. Over the limit per
-- link or per address: PT429 (hint rate_limited).
create function private.admit_patient_action(_token text, _kind text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  address text := host(private.client_address());
  limits private.patient_page_limits;
  recent integer;
begin
  if lead is null then
    return null;
  end if;
  select * into limits from private.patient_page_limits;
  perform pg_advisory_xact_lock(hashtextextended('patient_page:' || lead::text, 0));
  select count(*) into recent from private.patient_page_calls
  where lead_id = lead and called_at > now() - interval '1 hour';
  if recent >= limits.actions_per_link_per_hour then
    raise exception 'Too many changes from this link, try again later'
      using errcode = 'PT429', hint = 'rate_limited',
            detail = format('limit: %s actions per link per hour', limits.actions_per_link_per_hour);
  end if;
  if address is not null then
    select count(*) into recent from private.patient_page_calls
    where client_address = address and kind <> 'miss' and called_at > now() - interval '1 hour';
    if recent >= limits.actions_per_address_per_hour then
      raise exception 'Too many changes from this address, try again later'
        using errcode = 'PT429', hint = 'rate_limited',
              detail = format('limit: %s actions per address per hour', limits.actions_per_address_per_hour);
    end if;
  end if;
  insert into private.patient_page_calls (lead_id, client_address, kind) values (lead, address, _kind);
  return lead;
end
$$;

-- One timeline entry about a request, at its current version (no version bump: a coordinator's
-- open dialog stays saveable).
create function private.add_request_event(
  _request_id uuid, _kind text, _old text, _new text, _author text default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  select r.id, r.version, s.id, coalesce(s.username, _author), _kind, _old, _new
  from public.contact_requests r
  left join private.current_staff() s on true
  where r.id = _request_id
$$;

-- Triggers fire by name: take_patient_token is the last before-insert trigger of a lead.
create trigger take_patient_token
before insert on public.offer_leads
for each row execute function private.take_patient_token();

revoke execute on all functions in schema private from public;
