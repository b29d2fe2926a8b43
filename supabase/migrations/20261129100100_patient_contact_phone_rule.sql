-- The patient's own correction of their phone follows the forms' phone rule.
--
-- patient_update_contact stored the digits as typed beside the stored country code: «٠٥٠١٢٣٤٥٦٧»
-- became phone 0501234567 with +966, which staff's links dial as +0501234567 (Arabic-Indic digits
-- were only converted by the page, and the SQL kept nothing else), "00966…" kept its 00, a code typed
-- as 00966 was stored as +00966, and a number typed with another country's code (+971…) kept
-- +966. Now the function applies the rule itself (src/lib/phone.ts; public.canonical_phone): digits
-- in any of the three scripts, "+" or "00" for a number that carries its code (kept with a code
-- only when it starts with one typed or stored), otherwise the typed or stored code in front and
-- the trunk zero dropped; the result is 8 to 15 digits or refused. A code alone is refused (it
-- goes with its number), and the country's name is cleared when the code changes.

CREATE OR REPLACE FUNCTION public.patient_update_contact(_token text, _name text DEFAULT NULL::text, _country_code text DEFAULT NULL::text, _phone text DEFAULT NULL::text, _email text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  lead uuid;
  typed text;
  digits text;
  code text;
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
    -- The phone rule of the forms (src/lib/phone.ts), here where the page cannot be trusted:
    -- Arabic-Indic and Persian digits count; "+" or "00" means the number carries its code;
    -- otherwise the code typed beside it (or the stored one) is put in front, its trunk zero
    -- dropped. A number with its own code keeps a code only when it starts with it.
    typed := translate(btrim(_phone), '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789');
    digits := regexp_replace(typed, '[^0-9]', '', 'g');
    code := regexp_replace(
      translate(coalesce(_country_code, ''), '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'),
      '[^0-9]', '', 'g');
    code := nullif(regexp_replace(code, '^00', ''), '');
    if typed ~ '^[+＋]' or digits like '00%' then
      digits := regexp_replace(digits, '^00', '');
      code := coalesce(code, nullif(regexp_replace(coalesce(old_lead.country_code, ''), '[^0-9]', '', 'g'), ''));
      new_code := case when code is not null and digits like code || '%' then '+' || code end;
      new_phone := digits;
    else
      code := coalesce(code, nullif(regexp_replace(coalesce(old_lead.country_code, ''), '[^0-9]', '', 'g'), ''));
      new_code := case when code is not null then '+' || code end;
      new_phone := public.canonical_phone(new_code, digits);
    end if;
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
