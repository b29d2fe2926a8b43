-- A country code or phone that is not one is refused again, not rewritten (issue 47).
--
-- The phone rule's trigger (20261202140000_one_phone_rule.sql) ran before the lead's own text
-- cleaning and read only the digits of whatever came as country_code: "<script>…</script>",
-- "{966}" (a JSON array) or 40 Arabic letters were stored as +966 or nothing, with 201, where the
-- table's CHECK offer_leads_country_code_format used to answer 400. Now the lead's trigger runs
-- after clean_offer_lead_text (its name sorts after it and before the limits and holds, which read
-- the canonical number), and a code that is neither empty nor 1–4 digits (with or without its
-- "+", which the rule then adds: supabase/tests/leads.test.ts) is refused with
-- that CHECK's own error (23514, the constraint named), as before the phone rule. So is a phone
-- with characters nobody types in a number (the rule would read only its digits).

create or replace function private.store_canonical_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'offer_leads' and btrim(new.country_code) !~ '^(\+?[0-9]{1,4})?$' then
    raise exception 'new row for relation "offer_leads" violates check constraint "offer_leads_country_code_format"'
      using errcode = '23514', constraint = 'offer_leads_country_code_format',
        schema = 'public', table = 'offer_leads', column = 'country_code';
  end if;
  -- A lead's phone as a person types it (digits in any of the forms' scripts, spaces, + - ( ) .):
  -- anything else ({966…} from a JSON array, letters, markup) is refused as the digits CHECK.
  if tg_table_name = 'offer_leads'
     and new.phone !~ '^[0-9\u0660-\u0669\u06f0-\u06f9\s+\uff0b().-]*$' then
    raise exception 'new row for relation "offer_leads" violates check constraint "offer_leads_phone_digits"'
      using errcode = '23514', constraint = 'offer_leads_phone_digits',
        schema = 'public', table = 'offer_leads', column = 'phone';
  end if;
  if new.phone is not null then
    select n.phone, n.country_code into new.phone, new.country_code
    from public.normalize_phone(new.phone, new.country_code, stored => true) as n;
  end if;
  return new;
end
$$;

comment on function private.store_canonical_phone() is
  'Stores the phone rule''s pair (public.normalize_phone) for whatever spelling a client sent; a lead''s country code that is not 1–4 digits (with or without "+"), or a phone with characters nobody types in a number, is refused as the table''s CHECK.';

revoke all on function private.store_canonical_phone() from public;

drop trigger canonical_phone_number on public.offer_leads;

-- After clean_offer_lead_text (bidi controls gone), before prepare_offer_lead and the limits.
create trigger clean_phone_number
  before insert or update of phone, country_code on public.offer_leads
  for each row execute function private.store_canonical_phone();
