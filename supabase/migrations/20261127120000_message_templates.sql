-- WhatsApp message templates (issue 32). The conversation that decides a patient happens on
-- WhatsApp; the back office now opens it with a prepared text and records that it did
-- (20261127120100_contact_events.sql). Here: the templates themselves.
--   * public.message_templates: one row per template, its title and text in Arabic and in English
--     (the request's language picks which one goes out), an order and an archive mark. Staff read
--     them; only owners add, edit and archive them (row-level security on the caller's role).
--   * private.message_template_variables: the variables a text may use, one row each ({name},
--     {treatment}, {manager}, {reference}, {page_link}, and {quote_link}: the patient's page, where
--     the quotes of issue 31 are, once a quote was sent). A text naming any other is refused when it
--     is saved (23514, hint 'unknown_template_variable', the variable in the detail). A feature that
--     can fill a new variable inserts its row; the back office fills each variable from the request
--     (src/lib/admin/messages/variables.ts).
--   * Seven templates to start with: first contact, photos and reports, quotes ready, reminder,
--     travel details, after-care check-in and review request.

-- The variables a message template may name, as {variable}. A feature adds its own rows.
create table private.message_template_variables (
  name text primary key check (name ~ '^[a-z_]{1,40}$')
);
comment on table private.message_template_variables is
  'Variables a message template may use ({name}); a feature that can fill one inserts it.';
alter table private.message_template_variables enable row level security;

insert into private.message_template_variables (name) values
  ('name'), ('treatment'), ('manager'), ('reference'), ('page_link'), ('quote_link');

-- A prepared WhatsApp message. `key` names the seeded ones (null for templates owners add);
-- `position` orders the list; an archived template is kept (the timeline names it) but not offered.
create table public.message_templates (
  id uuid primary key default gen_random_uuid(),
  key text unique check (key ~ '^[a-z_]{2,40}$'),
  title_ar text not null,
  title_en text not null,
  body_ar text not null,
  body_en text not null,
  position integer not null default 100 check (position between 0 and 10000),
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text,
  -- Conditions as one flat list, not `between … and between …`: PostgreSQL reads a nested AND back
  -- in another shape, and supabase/schemas/ must dump exactly as the migrations do.
  constraint message_templates_title_length check (
    char_length(btrim(title_ar)) >= 2 and char_length(btrim(title_ar)) <= 80
    and char_length(btrim(title_en)) >= 2 and char_length(btrim(title_en)) <= 80
  ),
  constraint message_templates_body_length check (
    char_length(btrim(body_ar)) >= 1 and char_length(btrim(body_ar)) <= 2000
    and char_length(btrim(body_en)) >= 1 and char_length(btrim(body_en)) <= 2000
  ),
  -- Line breaks and tabs are text; other control characters would reach the patient's chat.
  constraint message_templates_no_controls check (
    title_ar !~ '[\x01-\x1f\x7f]' and title_en !~ '[\x01-\x1f\x7f]'
    and body_ar !~ '[\x01-\x08\x0b-\x1f\x7f]' and body_en !~ '[\x01-\x08\x0b-\x1f\x7f]'
  )
);
comment on table public.message_templates is
  'WhatsApp message templates in Arabic and English; staff read them, owners edit them.';
create index message_templates_position_idx on public.message_templates (position, created_at);
alter table public.message_templates enable row level security;

-- Before a template is stored: every {variable} of both texts must be known, and the change is
-- stamped with the time and the owner's username. Security definer: the registry is private.
create function private.check_message_template()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  unknown text;
begin
  select m[1] into unknown
  from regexp_matches(new.body_ar || ' ' || new.body_en, '\{([^{}\s]*)\}', 'g') as m
  where not exists (select 1 from private.message_template_variables v where v.name = m[1])
  limit 1;
  if unknown is not null then
    raise exception 'unknown template variable {%}', unknown
      using errcode = '23514', detail = unknown, hint = 'unknown_template_variable';
  end if;
  new.title_ar := btrim(new.title_ar);
  new.title_en := btrim(new.title_en);
  new.updated_at := now();
  new.updated_by := coalesce((select s.username from private.current_staff() s), new.updated_by);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.key := old.key;
  end if;
  return new;
end
$$;

create trigger check_message_template
before insert or update on public.message_templates
for each row execute function private.check_message_template();

-- Staff with a live session read every template (archived ones too: the list can show them).
create policy "Staff can read message templates"
on public.message_templates for select to authenticated
using ((select public.is_admin((select auth.uid()))));

-- Only an owner adds a template.
create policy "Owners can add message templates"
on public.message_templates for insert to authenticated
with check ((select public.my_staff_role()) = 'owner');

-- Only an owner edits or archives a template.
create policy "Owners can edit message templates"
on public.message_templates for update to authenticated
using ((select public.my_staff_role()) = 'owner')
with check ((select public.my_staff_role()) = 'owner');

-- No delete through the API: a template is archived, so the timeline's entries keep their meaning.
revoke all on table public.message_templates from anon, authenticated, public;
grant select on table public.message_templates to authenticated;
grant insert (title_ar, title_en, body_ar, body_en, position, archived_at)
  on table public.message_templates to authenticated;
grant update (title_ar, title_en, body_ar, body_en, position, archived_at)
  on table public.message_templates to authenticated;
grant select, insert, update on table public.message_templates to service_role;

-- The variables a template may use, for the owners' editor (staff only; anyone else gets none).
create function public.message_template_variables()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(v.name order by v.name), '{}')
  from private.message_template_variables v
  where public.is_admin(auth.uid())
$$;

revoke execute on function public.message_template_variables() from public, anon;
grant execute on function public.message_template_variables() to authenticated, service_role;

-- The seven templates the agency starts with (owners change them in the back office).
insert into public.message_templates (key, position, title_ar, title_en, body_ar, body_en) values
  ('first_contact', 10, 'التواصل الأول', 'First contact',
   'مرحباً {name}، معك {manager} من رحلة كير. وصلنا طلبك بخصوص {treatment} (رقم الطلب {reference}). متى يناسبك أن نتحدث لنفهم ما تحتاجه؟',
   'Hello {name}, this is {manager} from Rihla Care. We received your request about {treatment} (reference {reference}). When would be a good time to talk about what you need?'),
  ('documents', 20, 'طلب الصور والتقارير', 'Ask for photos and reports',
   'مرحباً {name}، لنطلب لك عروض العيادات نحتاج بعض الصور أو التقارير الطبية الخاصة بـ{treatment}. يمكنك إرسالها هنا في واتساب. رقم طلبك {reference}.',
   'Hello {name}, to ask the clinics for their quotes we need a few photos or medical reports about your {treatment}. You can send them here on WhatsApp. Your reference: {reference}.'),
  ('quotes_ready', 30, 'العروض جاهزة', 'Quotes ready',
   'مرحباً {name}، عروض العيادات لـ{treatment} جاهزة. تجدها في صفحتك الخاصة وتقارن بينها هناك: {quote_link} وأنا {manager} هنا لأي سؤال.',
   'Hello {name}, the clinics'' quotes for your {treatment} are ready. You will find them side by side on your private page: {quote_link} I am {manager}, here for any question.'),
  ('reminder', 40, 'تذكير', 'Reminder',
   'مرحباً {name}، نطمئن عليك بخصوص طلبك ({reference}). هل ما زلت مهتماً بـ{treatment}؟ يسعدنا الرد على أي سؤال.',
   'Hello {name}, we are checking in about your request ({reference}). Are you still interested in {treatment}? We are happy to answer any question.'),
  ('travel', 50, 'تفاصيل السفر', 'Travel details',
   'مرحباً {name}، هذه تفاصيل رحلتك من أجل {treatment}: الموعد: … الفندق: … الاستقبال من المطار: … وأنا {manager} معك طوال الرحلة. رقم طلبك {reference}.',
   'Hello {name}, here are the details of your trip for {treatment}: appointment: … hotel: … airport pick-up: … I am {manager}, with you all the way. Your reference: {reference}.'),
  ('aftercare', 60, 'متابعة بعد العلاج', 'After-care check-in',
   'مرحباً {name}، كيف حالك بعد {treatment}؟ نتابع معك خلال الأشهر القادمة، فأخبرنا بأي شيء تلاحظه أو تحتاجه. {manager} من رحلة كير.',
   'Hello {name}, how are you feeling after your {treatment}? We stay with you over the coming months, so tell us anything you notice or need. {manager} from Rihla Care.'),
  ('review', 70, 'طلب تقييم', 'Review request',
   'مرحباً {name}، سعدنا بمرافقتك في رحلة {treatment}. هل تشاركنا رأيك في تجربتك مع رحلة كير؟ رأيك يساعد مرضى آخرين على الاختيار. شكراً لك!',
   'Hello {name}, it was a pleasure to accompany you on your {treatment} journey. Would you share how your experience with Rihla Care was? Your words help other patients choose. Thank you!');

revoke execute on all functions in schema private from public;
