-- A search by the full number also finds the same number stored without its country code (issue
-- 26): "+966 54 502 4476" or "966545024476" finds the request stored as 0545024476 (phone_key
-- 545024476, no country code), which the digits pattern '%966545024476%' never matched. Such a row
-- is a possible match only, as person_requests() offers it (public.same_national_digits: the
-- stored digits are the query's after a 1–3 digit country code, at least 7 of them); the dashboard
-- marks it so (src/lib/admin/search-match.ts) and nothing is merged. Only a query of 10 or more
-- digits is read as a full number, so a national query never pairs with shorter numbers.
--
-- public.request_ids_matching as in 20261126135000_follow_up_queue.sql (same arguments, staff
-- only, no binned request), with that third branch: up to three equality lookups on the btree
-- index of phone_key (contact_requests_phone_key_idx), so a search costs what it did
-- (supabase/tests/search-cost.test.ts). request_page() and lead_page() call it unchanged.

-- The ids of the requests whose folded text matches `_text_pattern`, whose canonical phone matches
-- `_digits_pattern` ('%digits%'), or, for 10+ digits, whose number stored without a country code is
-- those digits' national part. Staff only (and the service role or the database owner).
create or replace function public.request_ids_matching(_text_pattern text, _digits_pattern text)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
rows 200
as $$
declare
  digits text := btrim(coalesce(_digits_pattern, ''), '%');
  nationals text[] := '{}';
begin
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated')
     and not coalesce(public.is_admin(auth.uid()), false) then
    raise exception 'only staff may read the inbox' using errcode = '42501';
  end if;
  if digits ~ '^[0-9]{10,}$' then
    nationals := array(
      select substr(digits, code_length + 1)
      from generate_series(1, 3) as code_length
      where char_length(digits) - code_length >= 7
    );
  end if;
  return query
    select r.id from public.contact_requests r
    where r.search_text like _text_pattern and r.deleted_at is null
    union
    select r.id from public.contact_requests r
    where _digits_pattern is not null and r.phone_key like _digits_pattern
      and r.deleted_at is null
    union
    select r.id from public.contact_requests r
    where r.phone_key = any(nationals) and nullif(r.country_code, '') is null
      and r.deleted_at is null;
end
$$;
