-- A name of only tatweel (ـ, U+0640) is refused (issue 42, item 5). Tatweel is a letter by its
-- Unicode category (Lm), so offer_leads_name_visible (20261126120300_names_need_letters_or_digits.sql)
-- counted «ـــ» as three letters, though it is only the stretch of a line between letters. Now it
-- is left out before counting, here and in src/lib/visible-text.ts (isVisibleCharacter), which the
-- forms, the staff entry and the patient page use; the property test
-- supabase/tests/visible-names.property.test.ts checks the two still agree. The constraint keeps
-- its name, so the forms' localized "at least 2 characters" message answers it; rows stored before
-- are not checked again (not valid).
do $$
declare
  old_def text;
begin
  select pg_get_constraintdef(c.oid) into old_def
  from pg_catalog.pg_constraint c
  where c.conname = 'offer_leads_name_visible' and c.conrelid = 'public.offer_leads'::regclass;
  if old_def is null or position('regexp_replace(name,' in old_def) = 0 then
    raise exception 'offer_leads_name_visible is not the expected check: %', old_def;
  end if;
  alter table public.offer_leads drop constraint offer_leads_name_visible;
  execute 'alter table public.offer_leads add constraint offer_leads_name_visible '
    || replace(
         regexp_replace(old_def, '\s*NOT VALID\s*$', ''),
         'regexp_replace(name,',
         'regexp_replace(replace(name, U&''\0640'', ''''),'
       )
    || ' not valid';
end
$$;
