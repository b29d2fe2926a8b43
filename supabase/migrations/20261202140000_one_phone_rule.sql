-- One phone rule, in the database too (issue 47).
--
-- The forms, the staff entry and the patient page applied src/lib/phone.ts in the browser, and the
-- database checked digits only: any other client could store 0501234567 beside +966, which staff's
-- links dial as +0501234567. Now:
--   * public.normalize_phone(typed, picked, chosen, stored) is src/lib/phone.ts normalizePhone in
--     SQL; one table of cases (tests/fixtures/phone-cases.json) drives the tests of both, and
--     supabase/tests/phone-rule.test.ts compares them on random input;
--   * a trigger on every phone column (public.offer_leads, public.contact_requests) stores the
--     canonical pair whoever writes the row: a number that already starts with its listed code is
--     kept, any other spelling becomes what the forms would have stored;
--   * public.canonical_phone, the number's identity for limits, duplicates and erasure, is the
--     same rule (it was a second, simpler one), and patient_update_contact calls the rule instead
--     of its own plpgsql port.

create function public.normalize_phone(
  typed text,
  picked text default null,
  chosen boolean default false,
  stored boolean default false,
  out phone text,
  out country_code text
)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  -- The codes the forms offer and the longest national number of each (src/lib/phone.ts
  -- countryCodes; supabase/tests/phone-rule.test.ts compares the two on random input).
  codes constant text[] := array['966', '971', '965', '973', '974', '968', '20', '962', '961', '963', '964', '90', '49'];
  longest constant int[] := array[9, 9, 8, 8, 8, 8, 10, 9, 8, 9, 10, 10, 13];
  local_digits constant text := '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹';
  ascii_digits constant text := '01234567890123456789';
  digits text := regexp_replace(translate(coalesce(typed, ''), local_digits, ascii_digits), '[^0-9]', '', 'g');
  international boolean := coalesce(typed, '')
    ~ '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u200e\u200f\u2028\u2029\u202a-\u202f\u205f\u3000\ufeff]*[+\uff0b]';
  picked_digits text := regexp_replace(
    regexp_replace(translate(coalesce(picked, ''), local_digits, ascii_digits), '[^0-9]', '', 'g'),
    '^00', '');
  is_chosen boolean := coalesce(chosen, false);
  prefixed text;
  picked_code text;
  carried text;
begin
  if digits like '00%' then
    digits := substr(digits, 3);
    international := true;
  end if;
  -- A row's pair (the trigger below): canonical already, a code the list lacks, or a spelling.
  if coalesce(stored, false) and not international and picked_digits <> '' then
    if not picked_digits = any (codes) then
      carried := case
        when digits like picked_digits || '%' and char_length(digits) >= 10 then digits
        else picked_digits || ltrim(digits, '0')
      end;
      select n.phone, n.country_code into phone, country_code
      from public.normalize_phone('+' || carried) as n;
      return;
    end if;
    if digits like picked_digits || '%' and substr(digits, char_length(picked_digits) + 1) ~ '^[1-9]' then
      phone := digits;
      country_code := '+' || picked_digits;
      return;
    end if;
    is_chosen := true;
  end if;
  select c into prefixed from unnest(codes) as c where digits like c || '%'
  order by char_length(c) desc limit 1;
  -- "+" or "00": the number's own code wins; a code outside the list is kept as typed, uncoded.
  if international or (
    prefixed is not null and char_length(digits) >= 10
    and char_length(digits) - char_length(prefixed) >= 7
  ) then
    if prefixed is null then
      phone := digits;
      country_code := null;
    else
      phone := prefixed || ltrim(substr(digits, char_length(prefixed) + 1), '0');
      country_code := '+' || prefixed;
    end if;
    return;
  end if;
  picked_code := case when picked_digits = any (codes) then picked_digits end;
  -- Longer than any national number of the picked country, without its trunk zero: typed with
  -- a code the list lacks (unless the country was chosen for this very number).
  if picked_code is not null and not is_chosen and digits !~ '^0' and char_length(digits) >= 10
     and char_length(digits) > longest[array_position(codes, picked_code)] then
    phone := digits;
    country_code := null;
  elsif picked_code is not null then
    phone := picked_code || ltrim(digits, '0');
    country_code := '+' || picked_code;
  else
    phone := digits;
    country_code := null;
  end if;
end
$$;

comment on function public.normalize_phone(text, text, boolean, boolean) is
  'The phone rule (src/lib/phone.ts normalizePhone): what was typed and the code picked become the stored phone and country_code.';

grant execute on function public.normalize_phone(text, text, boolean, boolean) to anon, authenticated, service_role;

create or replace function public.canonical_phone(country_code text, phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when n.country_code is null then ltrim(n.phone, '0') else n.phone end
  from public.normalize_phone(canonical_phone.phone, canonical_phone.country_code, stored => true) as n
$$;

comment on function public.canonical_phone(text, text) is
  'International digits of a phone number (no +, 00 or trunk zero), for comparing numbers: the phone rule (public.normalize_phone) of the pair as stored.';

create function private.store_canonical_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.phone is not null then
    select n.phone, n.country_code into new.phone, new.country_code
    from public.normalize_phone(new.phone, new.country_code, stored => true) as n;
  end if;
  return new;
end
$$;

comment on function private.store_canonical_phone() is
  'Stores the phone rule''s pair (public.normalize_phone) for whatever spelling a client sent.';

-- Named to run before the other row triggers (limits and holds read the canonical number).
create trigger canonical_phone_number
  before insert or update of phone, country_code on public.offer_leads
  for each row execute function private.store_canonical_phone();

create trigger canonical_phone_number
  before insert or update of phone, country_code on public.contact_requests
  for each row execute function private.store_canonical_phone();

-- Rows stored before: the canonical pair, and the identities computed from the old rule, without
-- touching updated_at, version or the timeline.
alter table public.contact_requests disable trigger user;
alter table public.offer_leads disable trigger user;
update public.offer_leads l
set phone = n.phone, country_code = n.country_code
from public.offer_leads o
cross join lateral public.normalize_phone(o.phone, o.country_code, stored => true) as n
where o.id = l.id and (n.phone, n.country_code) is distinct from (o.phone, o.country_code);
update public.contact_requests r
set phone = n.phone, country_code = n.country_code
from public.contact_requests o
cross join lateral public.normalize_phone(o.phone, o.country_code, stored => true) as n
where o.id = r.id and (r.phone_key is distinct from public.canonical_phone(o.country_code, o.phone)
  or (n.phone, n.country_code) is distinct from (o.phone, o.country_code));
alter table public.offer_leads enable trigger user;
alter table public.contact_requests enable trigger user;
reindex index public.offer_leads_canonical_phone_created_at_idx;

-- The patient's correction of their own number: the rule itself, no longer a port of it.
create or replace function public.patient_update_contact(
  _token text,
  _name text default null,
  _country_code text default null,
  _phone text default null,
  _email text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead uuid;
  new_phone text;
  new_code text;
  old_lead public.offer_leads;
  new_lead public.offer_leads;
  old_values jsonb := '{}';
  new_values jsonb := '{}';
begin
  lead := private.admit_patient_action(_token, 'contact');
  if lead is null then
    return null;
  end if;
  select * into old_lead from public.offer_leads where id = lead;
  new_phone := old_lead.phone;
  new_code := old_lead.country_code;
  if nullif(btrim(_phone), '') is not null then
    -- The forms' phone rule (public.normalize_phone), here where the page cannot be trusted: the
    -- code typed beside the number, or else the stored one, counts as chosen for it.
    select n.phone, n.country_code into new_phone, new_code
    from public.normalize_phone(
      _phone, coalesce(nullif(btrim(_country_code), ''), old_lead.country_code), true, true
    ) as n;
    if new_phone !~ '^[0-9]{8,15}$' then
      raise exception 'A phone number has 8 to 15 digits'
        using errcode = '23514', hint = 'offer_leads_phone_digits';
    end if;
  elsif nullif(btrim(_country_code), '') is not null then
    raise exception 'A country code is corrected together with its phone number'
      using errcode = '22023', hint = 'phone_needs_country';
  end if;
  update public.offer_leads l
  set name = coalesce(btrim(_name), l.name),
      country_code = new_code,
      phone = new_phone,
      -- The country's name follows its code; a new code the page cannot name leaves it unknown.
      country = case when new_code is not distinct from l.country_code then l.country end,
      email = case when _email is null then l.email else nullif(btrim(_email), '') end
  where l.id = lead
  returning l.* into new_lead;
  if new_lead.name is distinct from old_lead.name then
    old_values := old_values || jsonb_build_object('name', old_lead.name);
    new_values := new_values || jsonb_build_object('name', new_lead.name);
  end if;
  if (new_lead.country_code, new_lead.phone) is distinct from (old_lead.country_code, old_lead.phone) then
    old_values := old_values || jsonb_build_object('phone', concat_ws(' ', old_lead.country_code, old_lead.phone));
    new_values := new_values || jsonb_build_object('phone', concat_ws(' ', new_lead.country_code, new_lead.phone));
  end if;
  if new_lead.email is distinct from old_lead.email then
    old_values := old_values || jsonb_build_object('email', old_lead.email);
    new_values := new_values || jsonb_build_object('email', new_lead.email);
  end if;
  if new_values = '{}' and old_values = '{}' then
    return jsonb_build_object('ok', true, 'changed', false);
  end if;
  update public.contact_requests
  set name = new_lead.name, country_code = new_lead.country_code, phone = new_lead.phone,
      country = new_lead.country, email = new_lead.email
  where lead_id = lead;
  perform private.add_request_event(
    (select id from public.contact_requests where lead_id = lead),
    'patient_contact', old_values::text, new_values::text
  );
  return jsonb_build_object('ok', true, 'changed', true);
end
$$;

comment on function public.patient_update_contact(text, text, text, text, text) is
  'The patient corrects their name, phone (the phone rule, public.normalize_phone) or e-mail from their page.';
