-- A quote's decision follows the write protocol (issue 41): set_quote_status names what the
-- coordinator saw (the status shown on the card and the sent version it is about), and a decision
-- taken on a quote that moved on since (the patient chose on their page, a colleague marked it, a
-- new version was sent) is refused as stale (PT409, hint stale_version: the status and version now,
-- and when) instead of overwriting it. Pressing again what the quote already is stays done. The
-- old signature is dropped, so no screen can decide without naming what it saw.

drop function public.set_quote_status(uuid, text);

-- Records the patient's decision on the quote (`_status`: sent, chosen, declined) taken on what the
-- card showed: `_from_status` (the shown status: sent, chosen, declined, expired) and `_version`
-- (the latest sent version). Choosing one declines the request's other open quotes.
create function public.set_quote_status(
  _quote_id uuid, _status text, _from_status text, _version integer
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request uuid;
  quote public.quotes;
  latest public.quote_versions;
  shown text;
begin
  perform private.require_staff();
  request := private.visible_quote_request(_quote_id);
  if _status not in ('sent', 'chosen', 'declined') then
    raise exception 'a quote''s status is sent, chosen or declined'
      using errcode = '22023', hint = 'quote_status';
  end if;
  select * into quote from public.quotes where id = _quote_id for update;
  latest := private.latest_sent_version(_quote_id);
  if latest.quote_id is null then
    raise exception 'this quote was never sent' using errcode = 'PT409', hint = 'quote_not_sent';
  end if;
  if quote.status = _status then
    return; -- what it is already (a second press, a retry after a lost answer)
  end if;
  shown := private.quote_shown_status(quote.status, latest.valid_until);
  if _from_status is distinct from shown or _version is distinct from latest.version then
    perform private.refuse_stale(
      'quote', latest.version, null, coalesce(quote.decided_at, quote.updated_at),
      jsonb_build_object('status', shown)
    );
  end if;
  if _status = 'chosen' then
    update public.quotes set status = 'declined', chosen_version = null, decided_at = now(),
      updated_at = now()
    where request_id = request and id <> _quote_id and status in ('sent', 'chosen');
  end if;
  update public.quotes set
    status = _status,
    chosen_version = case when _status = 'chosen' then latest.version end,
    decided_at = case when _status = 'sent' then null else now() end,
    updated_at = now()
  where id = _quote_id;
  perform private.add_request_event(
    request, 'quote_status', quote.status,
    (private.quote_event_value(_quote_id, latest.version)::jsonb
      || jsonb_build_object('status', _status))::text
  );
  perform private.broadcast_quote_change(request, _quote_id, 'status', latest.version);
end
$$;

comment on function public.set_quote_status(uuid, text, text, integer) is
  'Records the patient''s decision on a quote, taken on the status and version the card showed (stale: PT409).';

revoke execute on function public.set_quote_status(uuid, text, text, integer) from public, anon;
grant execute on function public.set_quote_status(uuid, text, text, integer)
  to authenticated, service_role;
