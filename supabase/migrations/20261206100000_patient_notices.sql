-- The patient hears what happens (issue 43, item 4). Before this migration the patient was told
-- nothing after the confirmation: not when quotes arrived, not when one was revised (and a
-- revision did not say what changed: 2,400 → 2,300 EUR), not when their choice was recorded, not
-- when a manager took their request; the 48-hour promise was measured to the sending, not to the
-- patient knowing.
--
-- Now four events each queue one automatic message in private.patient_notices, written by
-- triggers so every path (the quote screen, a staff status, the patient's page, routing and bulk
-- assignment) is covered by one rule:
--   quotes_ready      a quote's first version is sent;
--   quote_revised     a new version of an already sent quote is sent;
--   quote_chosen      a quote becomes chosen (on the patient's page, or staff recording it);
--   manager_assigned  the request's manager changes to someone (not at creation: the
--                     confirmation names the manager, and not while the confirmation still waits).
-- A row waits private.outbound_settings.notice_delay (5 minutes) after its last event, and at
-- most notice_delay_max (30 minutes) after its first: the quotes of several clinics sent one after
-- the other make one mail, a patient changing their mind makes one mail naming the last choice, a
-- revision sent before the "quotes ready" mail left is folded into it (docs/decisions/
-- patient-notices-coalescing.md). A request without an e-mail queues a 'whatsapp' row that waits
-- for the WhatsApp worker and is given up after 24 hours like every other outbox row.
--
-- The delivery worker (public.claim_patient_notices / public.finish_patient_notice, service role
-- only) asks the recipient policy private.outbound_verdict with the row's kind, so caps, quiet
-- hours, staff's stop, the bin (withdrawal) and erasure hold, and every send or drop is on the
-- timeline ('automatic_message'). The mail carries no private link (the database keeps only the
-- link's hash; a new link would kill the one the patient saved): it names the request page, where
-- the saved link opens and a lost one is sent again.
--
-- What changed between two sent versions is worked out in one place, private.quote_changes, and
-- returned both to the worker (the mail's lines) and by public.patient_quotes (the page's card).

insert into private.outbound_kinds (kind, channel, per_recipient_per_day, needs_opened_link, quiet_hours)
values
  ('quotes_ready', 'email', 2, false, true),
  ('quote_revised', 'email', 3, false, true),
  -- The answer to the patient's own choice goes at once.
  ('quote_chosen', 'email', 2, false, false),
  ('manager_assigned', 'email', 2, false, true);

alter table private.outbound_settings
  add column notice_delay interval not null default interval '5 minutes'
    check (notice_delay between interval '0' and interval '1 hour'),
  add column notice_delay_max interval not null default interval '30 minutes'
    check (notice_delay_max between interval '0' and interval '6 hours');
comment on column private.outbound_settings.notice_delay is
  'How long a message to the patient about their quotes or manager waits after its last event, so events close together make one message.';
comment on column private.outbound_settings.notice_delay_max is
  'The longest such a message waits after its first event, however many events follow.';

-- The outbox of the messages telling the patient what happened: one open row per request and kind.
-- quote_ids are the quotes the message is about (sent, revised or chosen); the message's content
-- is read when it is claimed, so it says what is true when it leaves.
create table private.patient_notices (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.offer_leads (id) on delete cascade,
  kind text not null references private.outbound_kinds (kind),
  quote_ids uuid[] not null default '{}',
  channel text not null check (channel in ('email', 'whatsapp')),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  gave_up_at timestamptz,
  constraint patient_notices_kind check (
    kind in ('quotes_ready', 'quote_revised', 'quote_chosen', 'manager_assigned')
  ),
  constraint patient_notices_quotes check (cardinality(quote_ids) <= 20)
);
comment on table private.patient_notices is
  'The outbox of automatic messages telling the patient what happened (quotes ready, a quote revised, their choice recorded, their manager assigned): one open row per request and kind, sent after a short wait so close events make one message.';
create unique index patient_notices_one_open on private.patient_notices (lead_id, kind)
  where sent_at is null and gave_up_at is null;
create index patient_notices_due_idx on private.patient_notices (next_attempt_at)
  where sent_at is null and gave_up_at is null;
alter table private.patient_notices enable row level security;
revoke all on table private.patient_notices from public, anon, authenticated;

-- The items of a list that another does not have, in their order (for what a revision added to
-- or removed from what is included).
create function private.items_not_in(_items text[], _other text[])
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(u.item order by u.n), '{}')
  from unnest(_items) with ordinality u (item, n)
  where not (u.item = any (_other))
$$;
comment on function private.items_not_in(text[], text[]) is
  'The items of _items that _other does not have, in their order.';

-- What changed from the sent version before `_version` of a quote to `_version`, one line per
-- field, in the order the card shows them: [{field, from, to}] (lists: {field, added, removed}).
-- Null for a first version (no sent version before it). The mail and the patient's page both read this.
create function private.quote_changes(_quote_id uuid, _version integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select jsonb_agg(line.value order by line.position)
    from (
      select 1 as position, jsonb_build_object(
        'field', 'price',
        'from', jsonb_build_object('amount', p.price, 'currency', p.currency),
        'to', jsonb_build_object('amount', v.price, 'currency', v.currency)) as value
      where p.price is distinct from v.price or p.currency is distinct from v.currency
      union all
      select 2, jsonb_build_object('field', 'technique', 'from', p.technique, 'to', v.technique)
      where p.technique is distinct from v.technique
      union all
      select 3, jsonb_build_object(
        'field', 'units',
        'from', case when p.units is not null
          then jsonb_build_object('count', p.units, 'kind', p.unit_kind) end,
        'to', case when v.units is not null
          then jsonb_build_object('count', v.units, 'kind', v.unit_kind) end)
      where p.units is distinct from v.units or p.unit_kind is distinct from v.unit_kind
      union all
      select 4, jsonb_build_object('field', 'team', 'from', p.team, 'to', v.team)
      where p.team is distinct from v.team
      union all
      select 5, jsonb_build_object('field', 'nights', 'from', p.nights, 'to', v.nights)
      where p.nights is distinct from v.nights
      union all
      select 6, jsonb_build_object('field', 'hotel', 'from', p.hotel, 'to', v.hotel)
      where p.hotel is distinct from v.hotel
      union all
      select 7, jsonb_build_object('field', 'transfer', 'from', p.transfer, 'to', v.transfer)
      where p.transfer is distinct from v.transfer
      union all
      select 8, jsonb_build_object('field', 'interpreter', 'from', p.interpreter, 'to', v.interpreter)
      where p.interpreter is distinct from v.interpreter
      union all
      select 9, jsonb_build_object(
        'field', 'included',
        'added', to_jsonb(private.items_not_in(v.included, p.included)),
        'removed', to_jsonb(private.items_not_in(p.included, v.included)))
      where (private.items_not_in(v.included, p.included) <> '{}'
             or private.items_not_in(p.included, v.included) <> '{}')
      union all
      select 10, jsonb_build_object(
        'field', 'not_included',
        'added', to_jsonb(private.items_not_in(v.not_included, p.not_included)),
        'removed', to_jsonb(private.items_not_in(p.not_included, v.not_included)))
      where (private.items_not_in(v.not_included, p.not_included) <> '{}'
             or private.items_not_in(p.not_included, v.not_included) <> '{}')
      union all
      select 11, jsonb_build_object('field', 'valid_until', 'from', p.valid_until, 'to', v.valid_until)
      where p.valid_until is distinct from v.valid_until
      union all
      select 12, jsonb_build_object('field', 'note', 'from', p.note, 'to', v.note)
      where p.note is distinct from v.note
    ) line
  ), '[]'::jsonb)
  from public.quote_versions v
  join lateral (
    select * from public.quote_versions e
    where e.quote_id = v.quote_id and e.version < v.version and e.sent_at is not null
    order by e.version desc
    limit 1
  ) p on true
  where v.quote_id = _quote_id and v.version = _version
$$;
comment on function private.quote_changes(uuid, integer) is
  'What changed in a quote''s version from the sent version before it, one line per field ([{field, from, to}], lists {field, added, removed}); null for a first version.';

-- Queues (or joins) the open message of `_kind` for a lead: the wait starts again from this
-- event, bounded by notice_delay_max from the first; `_quote_id` joins the message's quotes
-- (for a choice it replaces them: the message names the last choice).
create function private.queue_patient_notice(_lead_id uuid, _kind text, _quote_id uuid default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings private.outbound_settings;
  has_email boolean;
begin
  select * into settings from private.outbound_settings;
  select r.email is not null into has_email
  from public.contact_requests r
  where r.lead_id = _lead_id and r.deleted_at is null;
  if has_email is null then
    -- In the bin (withdrawn or deleted) or gone: nothing to tell.
    return;
  end if;
  update private.patient_notices n set
    quote_ids = case
      when _quote_id is null then n.quote_ids
      when _kind = 'quote_chosen' then array[_quote_id]
      when _quote_id = any (n.quote_ids) then n.quote_ids
      else (n.quote_ids || _quote_id)[1:20]
    end,
    next_attempt_at = case when n.attempts = 0
      then least(now() + settings.notice_delay, n.created_at + settings.notice_delay_max)
      else n.next_attempt_at end
  where n.lead_id = _lead_id and n.kind = _kind and n.sent_at is null and n.gave_up_at is null;
  if not found then
    insert into private.patient_notices (lead_id, kind, quote_ids, channel, next_attempt_at)
    values (_lead_id, _kind, case when _quote_id is null then '{}' else array[_quote_id] end,
            case when has_email then 'email' else 'whatsapp' end, now() + settings.notice_delay);
  end if;
end
$$;
comment on function private.queue_patient_notice(uuid, text, uuid) is
  'Queues the message of a kind telling the patient what happened, or joins the open one (its wait starts again, bounded).';

-- A sent version: the first of a quote means "quotes ready", a later one "a quote revised"
-- (folded into a "quotes ready" that has not left yet).
create function private.notice_sent_quote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  select r.lead_id into lead
  from public.quotes q join public.contact_requests r on r.id = q.request_id
  where q.id = new.quote_id;
  if lead is null then
    return null;
  end if;
  if not exists (
    select 1 from public.quote_versions e
    where e.quote_id = new.quote_id and e.version < new.version and e.sent_at is not null
  ) then
    perform private.queue_patient_notice(lead, 'quotes_ready', new.quote_id);
  elsif exists (
    select 1 from private.patient_notices n
    where n.lead_id = lead and n.kind = 'quotes_ready' and n.sent_at is null and n.gave_up_at is null
  ) then
    perform private.queue_patient_notice(lead, 'quotes_ready', new.quote_id);
  else
    perform private.queue_patient_notice(lead, 'quote_revised', new.quote_id);
  end if;
  return null;
end
$$;
comment on function private.notice_sent_quote() is
  'Trigger: a quote version sent queues "quotes ready" (a first version) or "a quote revised" for the patient.';

create trigger quote_versions_notice_patient
after update of sent_at on public.quote_versions
for each row
when (old.sent_at is null and new.sent_at is not null)
execute function private.notice_sent_quote();

-- A quote chosen (by the patient, or recorded by staff): "your choice is recorded".
create function private.notice_chosen_quote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.queue_patient_notice(
    (select r.lead_id from public.contact_requests r where r.id = new.request_id),
    'quote_chosen', new.id);
  return null;
end
$$;
comment on function private.notice_chosen_quote() is
  'Trigger: a quote chosen queues "your choice is recorded" for the patient.';

create trigger quotes_notice_patient
after update of status, chosen_version on public.quotes
for each row
when (new.status = 'chosen'
      and (old.status is distinct from new.status or old.chosen_version is distinct from new.chosen_version))
execute function private.notice_chosen_quote();

-- The request's manager changed to someone: "your manager is …", unless the confirmation that
-- names the manager has not left yet.
create function private.notice_assigned_manager()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from private.patient_confirmations c
    where c.lead_id = new.lead_id and c.sent_at is null and c.gave_up_at is null
  ) then
    perform private.queue_patient_notice(new.lead_id, 'manager_assigned');
  end if;
  return null;
end
$$;
comment on function private.notice_assigned_manager() is
  'Trigger: a request''s manager changed to someone queues "your manager is …" for the patient.';

create trigger contact_requests_notice_manager
after update of assigned_to on public.contact_requests
for each row
when (new.assigned_to is not null and old.assigned_to is distinct from new.assigned_to)
execute function private.notice_assigned_manager();

-- The delivery worker claims due e-mail rows the recipient policy lets go (a 'wait' moves the
-- row, a 'drop' gives it up), each with what it says: the quotes (clinic, price, valid until,
-- and for a revision what changed), or the manager.
create function public.claim_patient_notices(_limit integer default 20)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  decision record;
  allowed bigint[] := '{}';
  claimed_rows jsonb;
begin
  update private.patient_notices n
  set gave_up_at = now(), claimed_until = null,
      last_error = coalesce(n.last_error, 'not delivered within 24 hours')
  where n.sent_at is null and n.gave_up_at is null
    and n.created_at < now() - interval '24 hours'
    and (n.claimed_until is null or n.claimed_until < now());

  for due in
    select n.id, n.lead_id, n.kind, r.email
    from private.patient_notices n
    left join public.contact_requests r on r.lead_id = n.lead_id
    where n.channel = 'email' and n.sent_at is null and n.gave_up_at is null
      and n.next_attempt_at <= now()
      and (n.claimed_until is null or n.claimed_until < now())
    order by n.next_attempt_at
    limit greatest(1, least(coalesce(_limit, 20), 100))
    for update of n skip locked
  loop
    select * into decision
    from private.outbound_verdict(due.kind, due.lead_id, due.email, 'notice:' || due.id);
    if decision.verdict = 'send' then
      allowed := allowed || due.id;
    elsif decision.verdict = 'wait' then
      update private.patient_notices n set next_attempt_at = decision.not_before
      where n.id = due.id;
    else
      update private.patient_notices n
      set gave_up_at = now(), claimed_until = null, last_error = 'policy: ' || decision.reason
      where n.id = due.id;
    end if;
  end loop;

  with claimed as (
    update private.patient_notices n
    set attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
    where n.id = any (allowed)
    returning n.id, n.lead_id, n.kind, n.attempts, n.quote_ids
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'kind', c.kind, 'attempt', c.attempts,
    'language', r.language, 'first_name', private.outbound_greeting_name(r.name), 'email', r.email,
    'reference', r.reference,
    'quotes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'clinic', case when r.language = 'en' then cl.name_en else cl.name_ar end,
        'version', v.version, 'price', v.price, 'currency', v.currency,
        'valid_until', v.valid_until,
        'changes', case when c.kind = 'quote_revised'
          then private.quote_changes(q.id, v.version) else '[]'::jsonb end
      ) order by q.first_sent_at, q.id)
      from public.quotes q
      join public.clinics cl on cl.id = q.clinic_id
      cross join lateral private.latest_sent_version(q.id) v
      where q.id = any (c.quote_ids) and q.request_id = r.id and v.quote_id is not null
    ), '[]'::jsonb),
    'manager_name', case when a.id is not null
      then coalesce(nullif(btrim(a.display_name), ''), a.username) end,
    'manager_whatsapp', a.whatsapp
  )), '[]'::jsonb)
  into claimed_rows
  from claimed c
  join public.contact_requests r on r.lead_id = c.lead_id
  left join private.admin_users a on a.id = r.assigned_to
  where r.email is not null;
  return claimed_rows;
end
$$;
comment on function public.claim_patient_notices(integer) is
  'Service role: claims due messages telling the patient what happened (quotes ready, revised, chosen, manager assigned) that the recipient policy lets go, with what each says.';

-- The worker reports a delivery (the policy's timeline event) or a failure (retried with backoff
-- until 24 hours after the first event).
create function public.finish_patient_notice(_id bigint, _sent boolean, _error text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  notice_kind text;
begin
  update private.patient_notices n
  set sent_at = case when _sent then now() end,
      claimed_until = null,
      last_error = case when _sent then null else left(coalesce(_error, 'unknown error'), 500) end,
      next_attempt_at = case
        when _sent then n.next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 hour')
      end
  where n.id = _id and n.sent_at is null and n.gave_up_at is null
  returning n.kind into notice_kind;
  if notice_kind is not null and _sent then
    perform private.outbound_sent(notice_kind, 'notice:' || _id);
  end if;
end
$$;
comment on function public.finish_patient_notice(bigint, boolean, text) is
  'Service role: marks a message telling the patient what happened as delivered (the policy''s timeline event) or failed (retried later).';

-- The patient's page: each quote with what changed from its previous sent version.
create or replace function public.patient_quotes(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
begin
  if lead is null then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'reference', r.reference,
      'language', r.language,
      'country_code', r.country_code,
      'quotes', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', q.id,
          'version', v.version,
          'status', private.quote_shown_status(q.status, v.valid_until),
          'sent_at', v.sent_at,
          'first_sent_at', q.first_sent_at,
          'clinic', jsonb_build_object(
            'slug', c.slug,
            'name', jsonb_build_object('ar', c.name_ar, 'en', c.name_en),
            'city', jsonb_build_object('ar', c.city_ar, 'en', c.city_en),
            'country', c.country,
            'accredited', private.clinic_accredited(c.id),
            'accreditations', coalesce((
              select jsonb_agg(a.body order by a.valid_until desc, a.body)
              from public.clinic_accreditations a
              where a.clinic_id = c.id and a.valid_until >= current_date
            ), '[]'::jsonb)
          ),
          'technique', v.technique, 'units', v.units, 'unit_kind', v.unit_kind, 'team', v.team,
          'nights', v.nights, 'hotel', v.hotel, 'transfer', v.transfer,
          'interpreter', v.interpreter, 'included', to_jsonb(v.included),
          'not_included', to_jsonb(v.not_included), 'price', v.price, 'currency', v.currency,
          'valid_until', v.valid_until, 'note', v.note, 'note_language', v.note_language,
          'changes', coalesce(private.quote_changes(q.id, v.version), '[]'::jsonb)
        ) order by q.first_sent_at, q.id)
        from public.quotes q
        join public.clinics c on c.id = q.clinic_id
        cross join lateral private.latest_sent_version(q.id) v
        where q.request_id = r.id and v.quote_id is not null
      ), '[]'::jsonb)
    )
    from public.contact_requests r
    where r.lead_id = lead
  );
end
$$;

revoke execute on function private.items_not_in(text[], text[]) from public;
revoke execute on function private.quote_changes(uuid, integer) from public;
revoke execute on function private.queue_patient_notice(uuid, text, uuid) from public;
revoke execute on function private.notice_sent_quote() from public;
revoke execute on function private.notice_chosen_quote() from public;
revoke execute on function private.notice_assigned_manager() from public;
revoke execute on function public.claim_patient_notices(integer) from public, anon, authenticated;
revoke execute on function public.finish_patient_notice(bigint, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_patient_notices(integer) to service_role;
grant execute on function public.finish_patient_notice(bigint, boolean, text) to service_role;
