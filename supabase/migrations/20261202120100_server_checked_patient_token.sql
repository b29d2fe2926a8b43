-- The patient link a client sends is checked by the server (issue 42, item 2). Before this
-- migration a lead sent with patient_token 'AAAA…' (22 characters) was accepted and its page
-- opened with that token, and a lead sent with a token already in use failed with the unique
-- violation of private.patient_pages' token_hash: an oracle that told the sender the token exists,
-- outside the wrong-link throttle of private.patient_lead_for_token.
--
-- Now private.take_patient_token (20261126140000_patient_page.sql) keeps a client's token only
-- when it has the one shape the product's browser makes (src/lib/patient/link.ts: 32 random
-- bytes as base64url, 43 characters, the last one carrying 2 bits, so it decodes to exactly 256
-- bits) and is not visibly patterned (at least 16 distinct characters; 43 random characters have
-- fewer with a probability of 5.5e-14). Anything else is refused with the same format error as
-- before (23514, hint offer_leads_patient_token_format), which names the rule and nothing about
-- other leads. A token already in use is never an error: the lead silently gets a new token made
-- by the database, so the insert answers the same whether or not the token exists (the sender's
-- own copy of the link then opens nothing, which only a sender that reused a token sees).
-- The form's idempotent retry is unchanged: a retry of a stored lead (same client id) is skipped
-- by private.prepare_offer_lead before this trigger. Links issued before keep working: the
-- lookup still reads 22 to 128 characters. docs/decisions/server-checked-patient-token.md.

-- Whether a client-sent token is one the product's browser could have made.
create function private.is_browser_patient_token(_token text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    _token ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'
      and (select count(distinct c) from regexp_split_to_table(_token, '') as c) >= 16,
    false
  )
$$;
comment on function private.is_browser_patient_token(text) is
  'True when a client-sent patient link token has the shape src/lib/patient/link.ts makes: 43 base64url characters decoding to exactly 256 bits, with at least 16 distinct characters (a random one has fewer with probability 5.5e-14).';
revoke all on function private.is_browser_patient_token(text) from public, anon, authenticated;

-- Before insert (last of the before-insert triggers, by name): keeps the hash of the lead's token
-- (the browser's when it passes the check above and is unused, else a new one), queues the
-- patient's confirmation when an e-mail was given and the lead is not held, and stores the column
-- empty. A token in use never raises: the unique index is asked with on conflict do nothing, so
-- even two leads racing with one token both store.
create or replace function private.take_patient_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  raw text := nullif(btrim(new.patient_token), '');
begin
  if raw is not null and not private.is_browser_patient_token(raw) then
    raise exception 'The patient link token must be 43 random base64url characters (256 bits)'
      using errcode = '23514', hint = 'offer_leads_patient_token_format';
  end if;
  raw := coalesce(raw, private.new_patient_token());
  loop
    insert into private.patient_pages (lead_id, token_hash, token_issued_at)
    values (new.id, private.patient_token_hash(raw), now())
    on conflict (token_hash) do nothing;
    exit when found;
    raw := private.new_patient_token();
  end loop;
  -- A held lead (a flood's, 20261126120000_held_leads.sql) mails nobody: a flood could otherwise
  -- send our confirmation to addresses it does not own.
  if new.email is not null and new.held_reason is null then
    insert into private.patient_confirmations (lead_id, link_token) values (new.id, raw);
  end if;
  new.patient_token := null;
  return new;
end
$$;
comment on function private.take_patient_token() is
  'Before insert on offer_leads: keeps only the sha256 of the patient link token (a client''s when it has the browser''s 256-bit shape and is unused, else a new server-made one; a token in use is replaced silently, never an error), queues the confirmation with the raw token, and empties the column.';

comment on column public.offer_leads.patient_token is
  'Write-only: the patient link token the browser made (43 base64url characters, 256 bits, checked by private.is_browser_patient_token; one in use is replaced by a server-made one); only its sha256 is kept (private.patient_pages).';
