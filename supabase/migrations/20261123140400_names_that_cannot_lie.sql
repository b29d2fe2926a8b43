-- Names that cannot lie. A name of only zero-width characters passed the length check, and a name
-- with U+202E (right-to-left override) displayed as "Ali exe.png Hassan" in the back office.
--   * Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are removed from every
--     single-line field of a lead on insert and update: neutralized, not refused, because a patient
--     whose keyboard slipped in a direction mark must not lose their request. What staff see (and
--     what the CSV and the e-mail carry) is the stored, neutral text. Notes keep what was typed; the
--     back office shows every visitor text in its own direction-isolated span (dir="auto").
--   * A name must have at least 2 visible characters: whitespace (NBSP and the Unicode spaces
--     included) and invisible characters (zero-width, joiners, soft hyphen, variation selectors,
--     Hangul fillers, BOM) do not count. Such a name is refused with 23514
--     (offer_leads_name_visible), which the forms already answer with a localized message.
--     Zero-width (non-)joiners stay in stored names: Persian and Arabic spellings need them.
-- Rows stored before this migration are neutralized below; the visibility check applies to new
-- and changed rows only (not valid), so an old row never blocks the migration.

-- The text with every bidi control removed (null stays null).
create function private.without_bidi_controls(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(value, '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')
$$;

-- Before insert or update (first of the before-insert triggers, by name): neutralizes the bidi
-- controls of every single-line field. Security definer because the API roles may not call
-- functions in `private`.
create function private.clean_offer_lead_text()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name := private.without_bidi_controls(new.name);
  new.phone := private.without_bidi_controls(new.phone);
  new.country_code := private.without_bidi_controls(new.country_code);
  new.country := private.without_bidi_controls(new.country);
  new.email := private.without_bidi_controls(new.email);
  new.source := private.without_bidi_controls(new.source);
  new.page_url := private.without_bidi_controls(new.page_url);
  new.utm_source := private.without_bidi_controls(new.utm_source);
  new.utm_medium := private.without_bidi_controls(new.utm_medium);
  new.utm_campaign := private.without_bidi_controls(new.utm_campaign);
  new.utm_content := private.without_bidi_controls(new.utm_content);
  new.utm_term := private.without_bidi_controls(new.utm_term);
  -- Only a one-dimensional list with something to remove is rebuilt (unnest would flatten any
  -- other shape, which the table's own checks refuse).
  if new.preferred_countries is not null and array_ndims(new.preferred_countries) = 1
     and array_to_string(new.preferred_countries, '') ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]' then
    new.preferred_countries := array(
      select private.without_bidi_controls(item) from unnest(new.preferred_countries) as item
    );
  end if;
  return new;
end
$$;

create trigger clean_offer_lead_text
before insert or update on public.offer_leads
for each row execute function private.clean_offer_lead_text();

-- A name needs 2 visible characters (see above). Inline, because a check constraint runs with the
-- inserting role's privileges, which do not reach `private`.
alter table public.offer_leads
  add constraint offer_leads_name_visible check (
    char_length(regexp_replace(
      name,
      '[[:space:]\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]',
      '', 'g')) >= 2
  ) not valid;

-- Leads and requests stored before: their bidi controls go too.
update public.offer_leads
set name = private.without_bidi_controls(name),
    country = private.without_bidi_controls(country),
    email = private.without_bidi_controls(email)
where concat_ws(' ', name, country, email) ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update public.contact_requests
set name = private.without_bidi_controls(name),
    country = private.without_bidi_controls(country),
    email = private.without_bidi_controls(email)
where concat_ws(' ', name, country, email) ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

revoke execute on all functions in schema private from public;
