-- The patient sees a thumbnail of each photo received (issue 43: "a received photo shows no
-- thumbnail, so the patient cannot check which picture went where"). The patient never reads an
-- object; the request-files function, holding the service key, asks this function for the
-- thumbnails of the link's own received photos and signs download URLs for them that live ten
-- minutes (action 'thumbs'). Null for a dead link (withdrawn, erased, replaced), so nothing is
-- signed for it; only files the server checked (ready), never one on its way or refused.
create function public.request_file_thumbs(_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  request uuid := private.live_request_for_token(_token);
begin
  if request is null then
    return null;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', f.id, 'thumb', f.thumb_path) order by f.created_at, f.id)
    from private.request_files f
    where f.request_id = request and f.state = 'ready' and f.thumb_path is not null
  ), '[]'::jsonb);
end
$$;
comment on function public.request_file_thumbs(text) is
  'The request-files function''s (service role): the thumbnails of a live link''s received photos, to sign for the patient''s page; null for a dead link.';
revoke all on function public.request_file_thumbs(text) from public, anon, authenticated;
grant execute on function public.request_file_thumbs(text) to service_role;
