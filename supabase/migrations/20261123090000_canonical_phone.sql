-- One phone number, one identity. Visitors type the same number as 0501234567 with +966 picked,
-- 00966501234567, +966 50 123 4567 or 966501234567; the forms store `phone` (digits) and an optional
-- `country_code` (+digits). canonical_phone() reduces any of these to the international digits
-- without a leading 00 or trunk zero, so rate limits, duplicate detection and erasure requests
-- compare numbers, not spellings. A number stored without a country code is reduced as far as it
-- can be (leading zeros dropped); it still matches the same number typed with 00 and a country code.

-- International digits of a stored phone number: country code digits followed by the national
-- number without its trunk zero, unless the phone already starts with that country code.
create function public.canonical_phone(country_code text, phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  with parts as (
    select
      regexp_replace(coalesce(country_code, ''), '[^0-9]', '', 'g') as cc,
      ltrim(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), '0') as national
  )
  select case
    when cc = '' or national like cc || '%' and char_length(national) > 9 then national
    else cc || national
  end
  from parts
$$;

comment on function public.canonical_phone(text, text) is
  'International digits of a phone number (no +, 00 or trunk zero), for comparing numbers.';
