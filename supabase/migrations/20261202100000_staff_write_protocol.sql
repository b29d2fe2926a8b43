-- One write protocol for what staff change (issue 41): a change names the version it was made on
-- and is refused, saying who changed what and when, if the row moved on since; a send or another
-- one-off action carries an idempotency key, and a repeat of it is answered with what the first
-- call answered (nothing happens twice). This migration adds the two shared parts and puts the
-- quotes on them, the writes whose mistakes a patient sees:
--
-- * private.refuse_stale(...): the one refusal of a stale write (SQLSTATE PT409, hint
--   stale_version, a JSON detail with what it was, its version now, who changed it and when).
-- * private.staff_write_answers and private.replayed_answer / private.remember_answer: the answers
--   of one-off actions by actor and key, so a replay (a lost reply, a double press) returns them.
-- * A quote's draft has a revision, raised by each save and named by the next save and the send;
--   save_quote_draft, send_quote and discard_quote_draft take it (their old signatures are
--   dropped, so no client can write a draft or send one without naming what it saw).
-- * The quote's limits in one place (private.quote_limits(), mirrored in src/lib/admin/
--   quote-limits.ts and compared by supabase/tests/write-protocol.test.ts); the price bound was
--   10,000,000, below an ordinary quote in Iraqi dinars (a 9,000 USD dental plan is about
--   11,800,000 IQD), and is now 999,999,999.99 in every currency.

-- The answers of one-off staff actions (a quote sent…), by who did it and the key their screen
-- made for the action. A replay of the key returns the stored answer instead of acting again.
create table private.staff_write_answers (
  actor uuid not null references private.admin_users (id) on delete cascade,
  key text not null,
  action text not null,
  answer jsonb not null,
  created_at timestamptz not null default now(),
  primary key (actor, key),
  constraint staff_write_answers_key check (char_length(key) between 16 and 100),
  constraint staff_write_answers_action check (char_length(action) between 1 and 60)
);
create index staff_write_answers_created_idx on private.staff_write_answers (created_at);

comment on table private.staff_write_answers is
  'Answers of one-off staff actions by actor and idempotency key (issue 41): a replay returns them.';

alter table private.staff_write_answers enable row level security;
revoke all on table private.staff_write_answers from public, anon, authenticated;

-- The one refusal of a stale staff write: PT409 with hint stale_version and, as JSON in the detail,
-- what it was (`_what`), its version now, who last changed it (a username, or null) and when, plus
-- `_extra` (e.g. the draft's revision). The screens read the detail to show the conflict.
create function private.refuse_stale(
  _what text, _version integer, _by uuid, _at timestamptz, _extra jsonb default '{}'
)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  raise exception '% changed since it was opened', _what
    using errcode = 'PT409', hint = 'stale_version',
      detail = (jsonb_build_object(
        'what', _what,
        'version', _version,
        'by', (select a.username from private.admin_users a where a.id = _by),
        'at', _at
      ) || coalesce(_extra, '{}'))::text;
end
$$;

comment on function private.refuse_stale(text, integer, uuid, timestamptz, jsonb) is
  'Raises the one stale-write refusal (PT409, hint stale_version, JSON detail: what, version, by, at).';

-- The stored answer of the caller's earlier `_action` with this key, marked replayed, or null when
-- this is the first time. Holds a lock on the key until the transaction ends, so two calls with the
-- same key run one after the other and the second sees the first's answer. A key that is missing
-- or malformed (22023, hint idempotency_key) or was used for another action (hint
-- idempotency_key_reused) is refused.
create function private.replayed_answer(_action text, _key text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  stored private.staff_write_answers;
begin
  select s.id into staff_id from private.current_staff() s;
  if staff_id is null then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if _key is null or char_length(_key) not between 16 and 100 then
    raise exception 'an action needs an idempotency key of 16 to 100 characters'
      using errcode = '22023', hint = 'idempotency_key';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('staff-write:' || staff_id || ':' || _key, 0));
  select * into stored from private.staff_write_answers w where w.actor = staff_id and w.key = _key;
  if stored.key is null then
    return null;
  end if;
  if stored.action <> _action then
    raise exception 'this idempotency key was used for another action'
      using errcode = '22023', hint = 'idempotency_key_reused';
  end if;
  return stored.answer || jsonb_build_object('replayed', true);
end
$$;

comment on function private.replayed_answer(text, text) is
  'The stored answer of the caller''s earlier action with this idempotency key (replayed), or null.';

-- Stores the answer of the caller's `_action` under its key and returns it (marked not replayed).
create function private.remember_answer(_action text, _key text, _answer jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
begin
  select s.id into staff_id from private.current_staff() s;
  insert into private.staff_write_answers (actor, key, action, answer)
  values (staff_id, _key, _action, _answer)
  on conflict (actor, key) do nothing;
  return _answer || jsonb_build_object('replayed', false);
end
$$;

comment on function private.remember_answer(text, text, jsonb) is
  'Stores the answer of a one-off staff action under the caller''s idempotency key and returns it.';

-- The limits of a quote's fields: the database's checks and the builder's (src/lib/admin/
-- quote-limits.ts holds the same values; supabase/tests/write-protocol.test.ts compares them).
create function private.quote_limits()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'price_max', 999999999.99,
    'price_decimals', 2,
    'units_max', 100000,
    'nights_max', 60,
    'text_max', 160,
    'note_max', 1000,
    'list_items_max', 20,
    'list_item_max', 120
  )
$$;

comment on function private.quote_limits() is
  'The limits of a quote''s fields (issue 41), shared by the checks below and the quote builder.';

alter table public.quote_versions drop constraint quote_versions_price;
alter table public.quote_versions add constraint quote_versions_price check (
  price > 0 and price <= (private.quote_limits() ->> 'price_max')::numeric
);

-- A draft's revision: 1 when first saved, one more at each save; the next save and the send name it.
-- `updated_by`: who saved the draft last (the draft card says who is writing it).
alter table public.quote_versions
  add column revision integer not null default 1,
  add column updated_by uuid references private.admin_users (id) on delete set null;
alter table public.quote_versions
  add constraint quote_versions_revision check (revision >= 0);
create index quote_versions_updated_by_idx on public.quote_versions (updated_by);

comment on column public.quote_versions.revision is
  'The draft''s revision: raised by each save; a save or send naming another one is refused.';
comment on column public.quote_versions.updated_by is 'Who saved this version last.';

drop function public.save_quote_draft(uuid, uuid, jsonb);
drop function public.send_quote(uuid);
drop function public.discard_quote_draft(uuid);

-- Saves the coordinator's draft of the quote of `_clinic_id` for `_request_id`, on top of the draft
-- they opened: `_draft_version` and `_draft_revision` name it (both null: they opened no draft, and
-- a new one is started: the quote's first, or the correction of a sent quote). A draft saved by
-- someone since, a draft that was sent or thrown away since, or a draft started by someone else
-- meanwhile is not overwritten: refuse_stale (PT409, hint stale_version) says whose it is now.
-- Creates the quote (the clinic must be active and accredited today) when there is none. `_fields`:
-- technique, units, unit_kind, team, nights, hotel, transfer, interpreter, included, not_included
-- (arrays of text), price, currency, valid_until, note, note_language; a missing key is empty.
-- Returns {quote_id, version, revision, updated_at, updated_by_name}.
create function public.save_quote_draft(
  _request_id uuid,
  _clinic_id uuid,
  _draft_version integer,
  _draft_revision integer,
  _fields jsonb
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  quote public.quotes;
  draft public.quote_versions;
  latest public.quote_versions;
  draft_version integer;
  saved public.quote_versions;
  f jsonb := coalesce(_fields, '{}');
begin
  perform private.require_staff();
  select s.id into staff_id from private.current_staff() s;
  if not exists (
    select 1 from public.contact_requests r where r.id = _request_id and r.deleted_at is null
  ) then
    raise exception 'request not found' using errcode = 'PT404', hint = 'request_not_found';
  end if;
  if (_draft_version is null) <> (_draft_revision is null) then
    raise exception 'a draft is named by its version and its revision'
      using errcode = '22023', hint = 'quote_draft_revision';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('quote:' || _request_id || ':' || _clinic_id, 0));
  select * into quote from public.quotes q
  where q.request_id = _request_id and q.clinic_id = _clinic_id;
  if quote.id is null and _draft_version is not null then
    -- The draft they opened was thrown away with its quote.
    perform private.refuse_stale('quote_draft', null, null, null, jsonb_build_object('state', 'gone'));
  end if;
  if quote.id is null then
    perform private.require_quotable_clinic(_clinic_id);
    insert into public.quotes (request_id, clinic_id, created_by)
    values (_request_id, _clinic_id, staff_id)
    returning * into quote;
  end if;
  select * into draft from public.quote_versions v where v.quote_id = quote.id and v.sent_at is null;
  if draft.quote_id is not null
     and (_draft_version is distinct from draft.version
          or _draft_revision is distinct from draft.revision) then
    perform private.refuse_stale(
      'quote_draft', draft.version, draft.updated_by, draft.updated_at,
      jsonb_build_object('state', 'draft', 'revision', draft.revision)
    );
  end if;
  if draft.quote_id is null and _draft_version is not null then
    -- The draft they opened was sent (or thrown away) since.
    select * into latest from public.quote_versions v
    where v.quote_id = quote.id order by v.version desc limit 1;
    perform private.refuse_stale(
      'quote_draft', latest.version, coalesce(latest.sent_by, latest.updated_by),
      coalesce(latest.sent_at, latest.updated_at),
      jsonb_build_object(
        'state', case when latest.version = _draft_version and latest.sent_at is not null
                      then 'sent' else 'gone' end,
        'revision', latest.revision
      )
    );
  end if;
  draft_version := draft.version;
  if draft_version is null then
    select coalesce(max(v.version), 0) + 1 into draft_version
    from public.quote_versions v where v.quote_id = quote.id;
    insert into public.quote_versions (quote_id, version, currency, created_by, revision)
    values (
      quote.id, draft_version,
      coalesce((f ->> 'currency')::public.quote_currency,
               (select c.currency from public.clinics c where c.id = _clinic_id)),
      staff_id, 0
    );
  end if;
  update public.quote_versions v set
    technique = private.quote_text(f, 'technique'),
    units = nullif(f ->> 'units', '')::integer,
    unit_kind = case when nullif(f ->> 'units', '') is null then null
                     else private.quote_text(f, 'unit_kind') end,
    team = private.quote_text(f, 'team'),
    nights = nullif(f ->> 'nights', '')::integer,
    hotel = private.quote_text(f, 'hotel'),
    transfer = coalesce((f ->> 'transfer')::boolean, false),
    interpreter = coalesce((f ->> 'interpreter')::boolean, false),
    included = private.quote_text_list(f -> 'included'),
    not_included = private.quote_text_list(f -> 'not_included'),
    price = nullif(f ->> 'price', '')::numeric,
    currency = coalesce((f ->> 'currency')::public.quote_currency, v.currency),
    valid_until = nullif(f ->> 'valid_until', '')::date,
    note = private.quote_text(f, 'note'),
    note_language = coalesce((f ->> 'note_language')::public.site_language, v.note_language),
    revision = v.revision + 1,
    updated_by = staff_id,
    updated_at = now()
  where v.quote_id = quote.id and v.version = draft_version
  returning * into saved;
  update public.quotes set updated_at = now() where id = quote.id;
  perform private.broadcast_quote_change(_request_id, quote.id, 'draft', draft_version);
  return jsonb_build_object(
    'quote_id', quote.id, 'version', saved.version, 'revision', saved.revision,
    'updated_at', saved.updated_at,
    'updated_by_name', (select a.username from private.admin_users a where a.id = staff_id)
  );
end
$$;

comment on function public.save_quote_draft(uuid, uuid, integer, integer, jsonb) is
  'Saves a quote''s draft over the revision the caller opened (stale: PT409 stale_version).';

-- Sends the draft the sender saw: `_version` and `_revision` name it (each save raises the
-- revision, so they name its content exactly); `_idempotency_key` makes the send one action: a
-- repeat with the same key (a lost reply, a second press) returns the first answer, replayed,
-- and sends nothing. A draft saved since (stale_version), a version already sent by another send
-- (quote_already_sent, who and when in the detail) or no draft (no_draft) is refused. Needs a
-- price and a "valid until" from today on, and the clinic active and accredited today. The version
-- is frozen, the quote becomes sent (a choice made on an older version is undone: the patient
-- chooses again on what they see), its first sending is stamped, the timeline gets an entry, and
-- the patient's page moves to "quotes ready" unless it is further on. Returns {quote_id, version,
-- revision, sent_at, first_quote_at, replayed}.
create function public.send_quote(
  _quote_id uuid, _version integer, _revision integer, _idempotency_key text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff_id uuid;
  request uuid;
  quote public.quotes;
  draft public.quote_versions;
  named public.quote_versions;
  old_step text;
  replay jsonb;
  sent_now timestamptz := now();
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  select s.id into staff_id from private.current_staff() s;
  select * into quote from public.quotes where id = _quote_id for update;
  replay := private.replayed_answer('send_quote', _idempotency_key);
  if replay is not null then
    return replay;
  end if;
  select * into draft from public.quote_versions v where v.quote_id = _quote_id and v.sent_at is null;
  if draft.quote_id is null or draft.version is distinct from _version
     or draft.revision is distinct from _revision then
    select * into named from public.quote_versions v
    where v.quote_id = _quote_id and v.version = _version;
    if named.sent_at is not null then
      raise exception 'this version was sent already'
        using errcode = 'PT409', hint = 'quote_already_sent',
          detail = jsonb_build_object(
            'what', 'quote', 'version', named.version, 'revision', named.revision,
            'by', (select a.username from private.admin_users a where a.id = named.sent_by),
            'at', named.sent_at
          )::text;
    end if;
    if draft.quote_id is null then
      raise exception 'this quote has no draft to send' using errcode = 'PT409', hint = 'no_draft';
    end if;
    perform private.refuse_stale(
      'quote_draft', draft.version, draft.updated_by, draft.updated_at,
      jsonb_build_object('state', 'draft', 'revision', draft.revision)
    );
  end if;
  perform private.require_quotable_clinic(quote.clinic_id);
  if draft.price is null then
    raise exception 'a quote needs a price before it is sent'
      using errcode = '23514', hint = 'quote_price_missing';
  end if;
  if draft.valid_until is null or draft.valid_until < current_date then
    raise exception 'a quote needs a "valid until" from today on'
      using errcode = '23514', hint = 'quote_valid_until';
  end if;
  update public.quote_versions set sent_at = sent_now, sent_by = staff_id
  where quote_id = _quote_id and version = draft.version;
  update public.quotes set
    status = 'sent', chosen_version = null, decided_at = null,
    first_sent_at = coalesce(first_sent_at, now()), updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_sent', null, private.quote_event_value(_quote_id, draft.version)
  );
  select p.step into old_step
  from private.patient_pages p join public.contact_requests r on r.lead_id = p.lead_id
  where r.id = request;
  if old_step is null or old_step = 'documents' then
    update private.patient_pages p set step = 'quotes', step_at = now()
    from public.contact_requests r
    where r.id = request and p.lead_id = r.lead_id;
    perform private.add_request_event(request, 'patient_step', old_step, 'quotes');
  end if;
  perform private.broadcast_quote_change(request, _quote_id, 'sent', draft.version);
  return private.remember_answer('send_quote', _idempotency_key, jsonb_build_object(
    'quote_id', _quote_id, 'version', draft.version, 'revision', draft.revision,
    'sent_at', sent_now,
    'first_quote_at', (select min(q.first_sent_at) from public.quotes q where q.request_id = request)
  ));
end
$$;

comment on function public.send_quote(uuid, integer, integer, text) is
  'Sends the draft revision the sender saw, once per idempotency key (a replay returns the answer).';

-- Throws away the quote's unsent draft, the one the caller saw (`_version`, `_revision`; a draft
-- saved since is not thrown away: stale_version); a quote that was never sent goes with it. A
-- draft already gone, or its never-sent quote with it, is done (nothing to throw away), not an
-- error; a quote of a request in the bin is still not found (PT404).
create function public.discard_quote_draft(_quote_id uuid, _version integer, _revision integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
  draft public.quote_versions;
begin
  perform private.require_staff();
  if not exists (select 1 from public.quotes q where q.id = _quote_id) then
    return; -- thrown away already, with its quote (a second press, a colleague's discard)
  end if;
  request := private.visible_quote_request(_quote_id);
  perform 1 from public.quotes where id = _quote_id for update;
  select * into draft from public.quote_versions v where v.quote_id = _quote_id and v.sent_at is null;
  if draft.quote_id is null or draft.version <> _version then
    return;
  end if;
  if draft.revision is distinct from _revision then
    perform private.refuse_stale(
      'quote_draft', draft.version, draft.updated_by, draft.updated_at,
      jsonb_build_object('state', 'draft', 'revision', draft.revision)
    );
  end if;
  delete from public.quote_versions where quote_id = _quote_id and sent_at is null;
  delete from public.quotes q where q.id = _quote_id and q.status = 'draft'
    and not exists (select 1 from public.quote_versions v where v.quote_id = q.id);
  perform private.broadcast_quote_change(request, _quote_id, 'discarded');
end
$$;

comment on function public.discard_quote_draft(uuid, integer, integer) is
  'Throws away the draft revision the caller saw (a draft saved since: PT409 stale_version).';

-- The request's quotes for the request dialog, as before (20261127110100_quotes.sql), each version
-- now with its revision and who saved it last (updated_by_name: the draft card says who writes it).
create or replace function public.request_quotes(_request_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id,
      'clinic', jsonb_build_object(
        'id', c.id, 'slug', c.slug, 'name_ar', c.name_ar, 'name_en', c.name_en,
        'city_ar', c.city_ar, 'active', c.active, 'accredited', private.clinic_accredited(c.id)
      ),
      'status', private.quote_shown_status(q.status, (private.latest_sent_version(q.id)).valid_until),
      'chosen_version', q.chosen_version,
      'decided_at', q.decided_at,
      'first_sent_at', q.first_sent_at,
      'created_at', q.created_at,
      'versions', (
        select coalesce(jsonb_agg(to_jsonb(v) - 'quote_id' - 'created_by' - 'sent_by' - 'updated_by'
          || jsonb_build_object(
            'sent_by_name', (select a.username from private.admin_users a where a.id = v.sent_by),
            'updated_by_name', (select a.username from private.admin_users a where a.id = v.updated_by)
          ) order by v.version desc), '[]'::jsonb)
        from public.quote_versions v where v.quote_id = q.id
      )
    ) order by q.created_at, q.id), '[]'::jsonb)
    from public.quotes q
    join public.clinics c on c.id = q.clinic_id
    join public.contact_requests r on r.id = q.request_id and r.deleted_at is null
    where q.request_id = _request_id
  );
end
$$;

revoke execute on function public.save_quote_draft(uuid, uuid, integer, integer, jsonb)
  from public, anon;
revoke execute on function public.send_quote(uuid, integer, integer, text) from public, anon;
revoke execute on function public.discard_quote_draft(uuid, integer, integer) from public, anon;
grant execute on function public.save_quote_draft(uuid, uuid, integer, integer, jsonb)
  to authenticated, service_role;
grant execute on function public.send_quote(uuid, integer, integer, text)
  to authenticated, service_role;
grant execute on function public.discard_quote_draft(uuid, integer, integer)
  to authenticated, service_role;

revoke execute on all functions in schema private from public;
