-- Verified reviews (issue 45, item 1; docs/decisions/what-a-review-may-show.md and
-- docs/decisions/verified-reviews.md). A review is written only on the patient's page of a request
-- that reached after-care with a chosen quote and a treatment day in its trip plan, from 30 days
-- after that day on; it is tied to that quote's clinic and the request's treatment. One review per
-- request: the patient may edit it at any time (at month 6 the page invites them to update it,
-- because hair results show over months) and withdraw it, which deletes it. Publishing needs a
-- separate, versioned consent (private.review_consent_texts) and the choice of how the name shows
-- (first name + initial, or anonymous). An owner publishes or refuses it under the write protocol
-- (public.save_review_moderation: the `updated_at` seen, stale refused by name), a refusal only for
-- a published rule with the reason recorded; staff enter the clinic's reply. The export of the
-- clinic snapshot reads public.published_reviews() with the public key: only published reviews of
-- active clinics, only what may be shown. The rows reference the request with on delete cascade,
-- so erasure, the bin's purge, the patient's withdrawal and retention remove them, and the next
-- export and build leave them out.

-- Every wording of the consent to publish a review, in both languages, exactly as the page shows
-- it (src/i18n/ui/patient-review-{ar,en}.ts 'review.consent'; a SQL test compares them). A new
-- wording is a new version: an insert here plus REVIEW_CONSENT_VERSION in src/lib/patient/review.ts.
create table private.review_consent_texts (
  version text primary key,
  body_ar text not null,
  body_en text not null,
  effective_on date not null unique,
  constraint review_consent_texts_version_format check (version ~ '^[0-9]+(\.[0-9]+)*$'),
  constraint review_consent_texts_body_ar_length check (char_length(body_ar) between 20 and 1000),
  constraint review_consent_texts_body_en_length check (char_length(body_en) between 20 and 1000)
);

comment on table private.review_consent_texts is
  'Every version of the consent to publish a review, as the patient''s page showed it (issue 45).';

alter table private.review_consent_texts enable row level security;
revoke all on table private.review_consent_texts from public, anon, authenticated;
grant select on table private.review_consent_texts to service_role;

insert into private.review_consent_texts (version, body_ar, body_en, effective_on) values (
  '1.0',
  'أوافق على أن تنشر رحلة كير مراجعتي هذه على صفحة العيادة في موقعها، مع العلاج وشهره، باسمي الأول والحرف الأول من اسم العائلة أو بلا اسم كما اخترت. يمكنني تعديلها أو سحبها في أي وقت.',
  'I agree that Rihla Care publishes this review on the clinic''s page of its website, with the treatment and its month, under my first name and the initial of my family name or anonymously, as I chose. I can edit or withdraw it at any time.',
  '2026-12-07'
);

-- The rules a review may be refused for, as the patient's page and the moderation screen list them.
create table private.review_rules (
  rule text primary key,
  place integer not null unique
);

comment on table private.review_rules is
  'The published rules a review may be refused for (issue 45): health data of others, insults, advertising.';

alter table private.review_rules enable row level security;
revoke all on table private.review_rules from public, anon, authenticated;

insert into private.review_rules (rule, place) values
  ('health_data_of_others', 1), ('insult', 2), ('advertising', 3);

create table public.clinic_reviews (
  id uuid primary key default gen_random_uuid(),
  -- One review per request; it goes with the request (erasure, purge, withdrawal, retention).
  request_id uuid not null unique references public.contact_requests (id) on delete cascade,
  -- The chosen quote and its clinic when the review was first written.
  quote_id uuid not null references public.quotes (id) on delete cascade,
  clinic_id uuid not null references public.clinics (id) on delete cascade,
  -- The request's treatment (public.request_service) and the trip plan's treatment day.
  service text not null,
  treated_on date not null,
  rating smallint not null,
  body text not null,
  -- 'name': first name + initial of the family name (shown_name); 'anonymous': no name.
  shown_as text not null,
  shown_name text,
  consent_version text not null references private.review_consent_texts (version),
  consented_at timestamptz not null,
  written_at timestamptz not null default now(),
  -- The patient's last edit; `months_after` is counted to it (what the page shows as months since).
  edited_at timestamptz not null default now(),
  months_after integer not null,
  status text not null default 'pending',
  refusal_rule text references private.review_rules (rule),
  refusal_note text,
  decided_by uuid references private.admin_users (id) on delete set null,
  decided_at timestamptz,
  reply text,
  reply_at timestamptz,
  -- The write protocol's version: every change, the patient's or staff's, moves it.
  updated_at timestamptz not null default now(),
  updated_by uuid references private.admin_users (id) on delete set null,
  constraint clinic_reviews_status check (status in ('pending', 'published', 'refused')),
  constraint clinic_reviews_rating check (rating between 1 and 5),
  -- The limits of src/lib/field-rules.ts (reviewFields).
  constraint clinic_reviews_body_length check (char_length(btrim(body)) between 20 and 2000),
  constraint clinic_reviews_reply_length check (reply is null or char_length(btrim(reply)) between 1 and 1000),
  constraint clinic_reviews_refusal_note_length check (
    refusal_note is null or char_length(btrim(refusal_note)) between 1 and 500
  ),
  constraint clinic_reviews_shown_as check (
    (shown_as = 'name' and shown_name is not null) or (shown_as = 'anonymous' and shown_name is null)
  ),
  constraint clinic_reviews_refusal check ((status = 'refused') = (refusal_rule is not null)),
  constraint clinic_reviews_months_after check (months_after >= 1)
);

comment on table public.clinic_reviews is
  'Verified reviews (issue 45): one per treated request, by its patient, for the chosen quote''s clinic; published by an owner unless it breaks a rule.';

create index clinic_reviews_clinic_idx on public.clinic_reviews (clinic_id, status);
create index clinic_reviews_quote_idx on public.clinic_reviews (quote_id);
create index clinic_reviews_decided_by_idx on public.clinic_reviews (decided_by);
create index clinic_reviews_updated_by_idx on public.clinic_reviews (updated_by);
create index clinic_reviews_consent_idx on public.clinic_reviews (consent_version);
create index clinic_reviews_refusal_rule_idx on public.clinic_reviews (refusal_rule);

alter table public.clinic_reviews enable row level security;
revoke all on table public.clinic_reviews from public, anon, authenticated;
grant select on table public.clinic_reviews to authenticated;
grant select, insert, update, delete on table public.clinic_reviews to service_role;

-- Staff read the reviews of requests they may read (the request's own RLS decides); nobody writes
-- the table but the functions below.
create policy "Staff read the reviews of requests they may read"
on public.clinic_reviews
for select
to authenticated
using (
  (select public.is_admin((select auth.uid())))
  and exists (select 1 from public.contact_requests r where r.id = clinic_reviews.request_id)
);

-- Full months from the treatment day to a day (at least 1: a review is written from day 30 on).
create function private.months_between(_from date, _to date)
returns integer
language sql
immutable
set search_path = ''
as $$
  select greatest(1, (extract(year from age(_to, _from)) * 12 + extract(month from age(_to, _from)))::integer)
$$;

comment on function private.months_between(date, date) is
  'Full months from one day to another, at least 1 (a review''s months since treatment).';

revoke all on function private.months_between(date, date) from public;

-- First name + the initial of the family name, as a review shows the patient ('Amina K.'); only
-- the first name when the request gave one word.
create function private.review_shown_name(_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when array_length(parts, 1) > 1 then parts[1] || ' ' || left(parts[array_length(parts, 1)], 1) || '.'
    else parts[1]
  end
  from (select regexp_split_to_array(btrim(coalesce(_name, '')), '\s+') as parts) p
$$;

comment on function private.review_shown_name(text) is
  'The name a review shows: first name and the initial of the family name.';

revoke all on function private.review_shown_name(text) from public;

-- May this request's patient write (or edit) a review now, and about what. One of:
--   {eligible: false, reason: 'not_aftercare' | 'no_chosen_quote' | 'no_treatment_day' | 'too_early',
--    opens_on?}
--   {eligible: true, round: 'day30' | 'month6', quote_id, clinic_id, clinic {ar, en, slug},
--    service, treated_on, month6_on}
-- The after-care state is private.patient_now's, so the page's step and the review agree; days
-- are the patient's (private.request_today).
create function private.review_eligibility(_request_id uuid, _today date default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := coalesce(_today, private.request_today(_request_id));
  chosen record;
  treated date;
begin
  -- In after-care, or past it (the follow-up completed, 20261207110000_aftercare_checkins.sql):
  -- the month-6 review comes when the last check-in may already be answered.
  if coalesce(private.patient_now(_request_id) ->> 'state', '') not in ('aftercare', 'aftercare_done') then
    return jsonb_build_object('eligible', false, 'reason', 'not_aftercare');
  end if;
  select q.id, q.clinic_id, c.slug, c.name_ar, c.name_en into chosen
  from public.quotes q join public.clinics c on c.id = q.clinic_id
  where q.request_id = _request_id and q.status = 'chosen'
  order by q.decided_at desc nulls last limit 1;
  if chosen.id is null then
    return jsonb_build_object('eligible', false, 'reason', 'no_chosen_quote');
  end if;
  select t.procedure_on into treated from public.trip_plans t where t.request_id = _request_id;
  if treated is null then
    return jsonb_build_object('eligible', false, 'reason', 'no_treatment_day');
  end if;
  if today < treated + 30 then
    return jsonb_build_object('eligible', false, 'reason', 'too_early', 'opens_on', treated + 30);
  end if;
  return jsonb_build_object(
    'eligible', true,
    'round', case when today >= (treated + interval '6 months')::date then 'month6' else 'day30' end,
    'quote_id', chosen.id,
    'clinic_id', chosen.clinic_id,
    'clinic', jsonb_build_object('ar', chosen.name_ar, 'en', chosen.name_en, 'slug', chosen.slug),
    'service', (select r.service::text from public.contact_requests r where r.id = _request_id),
    'treated_on', treated,
    'month6_on', (treated + interval '6 months')::date
  );
end
$$;

comment on function private.review_eligibility(uuid, date) is
  'Whether a request''s patient may write a review now (after-care, a chosen quote, 30 days after the treatment day) and about which clinic and treatment (issue 45).';

revoke all on function private.review_eligibility(uuid, date) from public, anon, authenticated;
grant execute on function private.review_eligibility(uuid, date) to service_role;

-- A review as its patient sees it on their page.
create function private.review_for_patient(_review public.clinic_reviews)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when _review.id is null then null else jsonb_build_object(
    'rating', _review.rating,
    'body', _review.body,
    'shown_as', _review.shown_as,
    'shown_name', _review.shown_name,
    'status', _review.status,
    'refusal_rule', _review.refusal_rule,
    'refusal_note', _review.refusal_note,
    'reply', _review.reply,
    'months_after', _review.months_after,
    'written_at', _review.written_at,
    'edited_at', _review.edited_at,
    'updated_at', _review.updated_at
  ) end
$$;

revoke all on function private.review_for_patient(public.clinic_reviews) from public;

-- The review part of the patient's page: null for a dead link; else whether a review may be
-- written now and about what, the consent version the page must show, the published rules, and
-- the patient's review if there is one.
create function public.patient_review_state(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.patient_lead_for_token(_token);
  request uuid;
  review public.clinic_reviews;
begin
  if lead is null then
    return null;
  end if;
  select id into request from public.contact_requests where lead_id = lead;
  select * into review from public.clinic_reviews where request_id = request;
  return private.review_eligibility(request) || jsonb_build_object(
    'consent_version', (
      select t.version from private.review_consent_texts t
      where t.effective_on <= (now() at time zone 'utc')::date
      order by t.effective_on desc limit 1
    ),
    'rules', (select jsonb_agg(r.rule order by r.place) from private.review_rules r),
    'review', private.review_for_patient(review)
  );
end
$$;

comment on function public.patient_review_state(text) is
  'The patient''s page: may a review be written now, about which clinic and treatment, and the patient''s review (null for a dead link), issue 45.';

revoke all on function public.patient_review_state(text) from public;
grant execute on function public.patient_review_state(text) to anon, authenticated, service_role;

-- Writes or edits the patient's review. `_fields`: rating (1–5), body (20–2000 characters),
-- shown_as ('name' or 'anonymous') and consent_version (the version of the consent box the page
-- showed, ticked: required, 23514 review_consent_required). Only while the request is eligible
-- (PT403 review_not_allowed); an edit goes back to waiting for an owner (a published text stays
-- published only as it was checked). Returns the page's review state.
create function public.patient_save_review(_token text, _fields jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid;
  request record;
  allowed jsonb;
  text_sent text := btrim(private.without_bidi_controls(coalesce(_fields ->> 'body', '')));
  stars integer;
  shown text := _fields ->> 'shown_as';
  consent text := nullif(btrim(coalesce(_fields ->> 'consent_version', '')), '');
  today date;
  existing public.clinic_reviews;
begin
  perform private.require_fields(_fields, array['rating', 'body', 'shown_as', 'consent_version']);
  lead := private.admit_patient_action(_token, 'review');
  if lead is null then
    return null;
  end if;
  select r.id, r.name into request from public.contact_requests r where r.lead_id = lead;
  today := private.request_today(request.id);
  allowed := private.review_eligibility(request.id, today);
  if not (allowed ->> 'eligible')::boolean then
    raise exception 'This request cannot be reviewed now (%)', allowed ->> 'reason'
      using errcode = 'PT403', hint = 'review_not_allowed', detail = allowed::text;
  end if;
  if consent is null then
    raise exception 'Publishing a review needs the consent to publish'
      using errcode = '23514', hint = 'review_consent_required';
  end if;
  if not exists (select 1 from private.review_consent_texts t where t.version = consent) then
    raise exception 'Unknown review consent text: %', left(consent, 20)
      using errcode = '23514', hint = 'review_consent_required';
  end if;
  if shown is null or shown not in ('name', 'anonymous') then
    raise exception 'A review is shown with the first name and initial or anonymously'
      using errcode = '23514', hint = 'clinic_reviews_shown_as';
  end if;
  begin
    stars := (_fields ->> 'rating')::integer;
  exception when others then
    stars := null;
  end;
  if stars is null or stars not between 1 and 5 then
    raise exception 'A rating is 1 to 5 stars' using errcode = '23514', hint = 'clinic_reviews_rating';
  end if;
  if char_length(text_sent) not between 20 and 2000 then
    raise exception 'A review has 20 to 2000 characters'
      using errcode = '23514', hint = 'clinic_reviews_body_length';
  end if;
  select * into existing from public.clinic_reviews where request_id = request.id for update;
  if existing.id is null then
    insert into public.clinic_reviews (
      request_id, quote_id, clinic_id, service, treated_on, rating, body, shown_as, shown_name,
      consent_version, consented_at, months_after
    ) values (
      request.id, (allowed ->> 'quote_id')::uuid, (allowed ->> 'clinic_id')::uuid,
      allowed ->> 'service', (allowed ->> 'treated_on')::date, stars, text_sent, shown,
      case when shown = 'name' then private.review_shown_name(request.name) end,
      consent, now(), private.months_between((allowed ->> 'treated_on')::date, today)
    );
  else
    update public.clinic_reviews set
      rating = stars,
      body = text_sent,
      shown_as = shown,
      shown_name = case when shown = 'name' then private.review_shown_name(request.name) end,
      consent_version = consent,
      consented_at = now(),
      edited_at = now(),
      months_after = private.months_between(existing.treated_on, today),
      status = 'pending',
      refusal_rule = null,
      refusal_note = null,
      decided_by = null,
      decided_at = null,
      updated_at = now(),
      updated_by = null
    where id = existing.id;
  end if;
  perform private.add_request_event(
    request.id, 'patient_review', null, case when existing.id is null then 'written' else 'edited' end
  );
  return public.patient_review_state(_token);
end
$$;

comment on function public.patient_save_review(text, jsonb) is
  'The patient writes or edits their review (rating, text, how the name shows, the consent to publish) while the request may be reviewed; it waits for an owner again (issue 45).';

revoke all on function public.patient_save_review(text, jsonb) from public;
grant execute on function public.patient_save_review(text, jsonb) to anon, authenticated, service_role;

-- The patient withdraws their review: it is deleted (published or not), and the next export of
-- the clinic snapshot leaves it out. True when there was one.
create function public.patient_withdraw_review(_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.admit_patient_action(_token, 'review');
  request uuid;
begin
  if lead is null then
    return null;
  end if;
  select id into request from public.contact_requests where lead_id = lead;
  delete from public.clinic_reviews where request_id = request;
  if found then
    perform private.add_request_event(request, 'patient_review', null, 'withdrawn');
  end if;
  return jsonb_build_object('ok', true, 'withdrawn', found);
end
$$;

comment on function public.patient_withdraw_review(text) is
  'The patient withdraws (deletes) their review (issue 45).';

revoke all on function public.patient_withdraw_review(text) from public;
grant execute on function public.patient_withdraw_review(text) to anon, authenticated, service_role;

-- The moderation screen's list: every review of requests the caller may read, waiting first, with
-- the request's reference, the clinic's names and what the page would show.
create function public.staff_reviews()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_live_staff();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', v.id,
      'request_id', v.request_id,
      'reference', r.reference,
      'clinic', jsonb_build_object('ar', c.name_ar, 'en', c.name_en, 'slug', c.slug),
      'service', v.service,
      'treated_on', v.treated_on,
      'months_after', v.months_after,
      'rating', v.rating,
      'body', v.body,
      'shown_as', v.shown_as,
      'shown_name', v.shown_name,
      'consent_version', v.consent_version,
      'status', v.status,
      'refusal_rule', v.refusal_rule,
      'refusal_note', v.refusal_note,
      'decided_by', (select a.username from private.admin_users a where a.id = v.decided_by),
      'decided_at', v.decided_at,
      'reply', v.reply,
      'written_at', v.written_at,
      'edited_at', v.edited_at,
      'updated_at', v.updated_at
    ) order by (v.status = 'pending') desc, v.edited_at desc)
    from public.clinic_reviews v
    join public.contact_requests r on r.id = v.request_id
    join public.clinics c on c.id = v.clinic_id
    where private.request_in_view(v.request_id)
  ), '[]'::jsonb);
end
$$;

comment on function public.staff_reviews() is
  'Staff: the reviews to moderate, waiting first (issue 45).';

revoke all on function public.staff_reviews() from public, anon;
grant execute on function public.staff_reviews() to authenticated, service_role;

-- The moderation screen's save, under the write protocol: `_expected_updated_at` is the review as
-- the screen showed it (changed since, by the patient or staff: PT409 stale_version). `_fields`:
--   decision      'published' or 'refused' (owners only: 42501 owner_only), or 'pending' to take a
--                 decision back (owners only);
--   refusal_rule  with 'refused': one of private.review_rules (23514 clinic_reviews_refusal);
--   refusal_note  the reason in staff's words, 1–500 characters, required with a refusal;
--   reply         the clinic's reply as the clinic sent it, 1–1000 characters, '' removes it
--                 (any live staff).
-- Returns the review as staff_reviews lists it.
create function public.save_review_moderation(_id uuid, _expected_updated_at timestamptz, _fields jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  saved public.clinic_reviews;
  decision text := _fields ->> 'decision';
  broken_rule text := nullif(_fields ->> 'refusal_rule', '');
  note text := nullif(btrim(private.without_bidi_controls(coalesce(_fields ->> 'refusal_note', ''))), '');
  answer text := btrim(private.without_bidi_controls(coalesce(_fields ->> 'reply', '')));
  staff record;
begin
  perform private.require_live_staff();
  perform private.require_fields(_fields, array['decision', 'refusal_rule', 'refusal_note', 'reply']);
  select * into saved from public.clinic_reviews v where v.id = _id for update;
  if saved.id is null or not private.request_in_view(saved.request_id) then
    raise exception 'review not found' using errcode = 'PT404', hint = 'review_not_found';
  end if;
  if saved.updated_at is distinct from _expected_updated_at then
    perform private.refuse_stale('review', 0, saved.updated_by, saved.updated_at);
  end if;
  select s.id, s.username into staff from private.current_staff() s;
  if _fields ? 'decision' then
    perform private.assert_owner();
    if decision is null or decision not in ('published', 'refused', 'pending') then
      raise exception 'a decision is published, refused or pending'
        using errcode = '22023', hint = 'unknown_field';
    end if;
    if decision = 'refused' and (broken_rule is null or not exists (
      select 1 from private.review_rules r where r.rule = broken_rule
    )) then
      raise exception 'a review is refused only for a published rule'
        using errcode = '23514', hint = 'clinic_reviews_refusal';
    end if;
    if decision = 'refused' and note is null then
      raise exception 'a refusal records its reason'
        using errcode = '23514', hint = 'clinic_reviews_refusal_note_length';
    end if;
    update public.clinic_reviews set
      status = decision,
      refusal_rule = case when decision = 'refused' then broken_rule end,
      refusal_note = case when decision = 'refused' then note end,
      decided_by = case when decision = 'pending' then null else staff.id end,
      decided_at = case when decision = 'pending' then null else now() end
    where id = _id;
    perform private.add_request_event(
      saved.request_id, 'review_decision', saved.status,
      decision || coalesce(': ' || broken_rule, '')
    );
  end if;
  if _fields ? 'reply' then
    update public.clinic_reviews set
      reply = nullif(answer, ''),
      reply_at = case when answer = '' then null else now() end
    where id = _id;
    perform private.add_request_event(saved.request_id, 'review_reply', saved.reply, nullif(answer, ''));
  end if;
  update public.clinic_reviews set updated_at = now(), updated_by = staff.id where id = _id;
  return (
    select e from jsonb_array_elements(public.staff_reviews()) e where e ->> 'id' = _id::text
  );
end
$$;

comment on function public.save_review_moderation(uuid, timestamptz, jsonb) is
  'Staff: an owner publishes or refuses a review (a published rule, the reason recorded); staff enter the clinic''s reply; as the screen saw it (issue 45).';

revoke all on function public.save_review_moderation(uuid, timestamptz, jsonb) from public, anon;
grant execute on function public.save_review_moderation(uuid, timestamptz, jsonb) to authenticated, service_role;

-- What the public may read of reviews, for the clinic snapshot's export and the clinic pages: the
-- published reviews of active clinics of requests not in the bin, each with what a review shows
-- (treatment, month of treatment, months since, the name as chosen, rating, text, the clinic's
-- reply, when it was published). Nothing that leads back to the request.
create function public.published_reviews()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', v.id,
    'clinic', c.slug,
    'service', v.service,
    'treated_month', to_char(v.treated_on, 'YYYY-MM'),
    'months_after', v.months_after,
    'name', v.shown_name,
    'rating', v.rating,
    'body', v.body,
    'reply', v.reply,
    'published_at', v.decided_at
  ) order by c.slug, v.decided_at desc, v.id), '[]'::jsonb)
  from public.clinic_reviews v
  join public.clinics c on c.id = v.clinic_id
  join public.contact_requests r on r.id = v.request_id
  where v.status = 'published' and c.active and r.deleted_at is null
$$;

comment on function public.published_reviews() is
  'The published verified reviews of active clinics, only what a review may show (issue 45).';

revoke all on function public.published_reviews() from public;
grant execute on function public.published_reviews() to anon, authenticated, service_role;

insert into private.request_event_kinds (kind)
values ('patient_review'), ('review_decision'), ('review_reply')
on conflict do nothing;
