-- The owners' settings follow the write protocol (issue 41): saving the first-contact hours or the
-- routing rule names the settings as they were opened (their updated_at), and a save over settings
-- another owner saved since is refused as stale (PT409, hint stale_version: who saved them and
-- when) instead of overwriting them unseen. The checks and the writes themselves are those of
-- 20261127120000–120200, moved to private functions the public ones call after the check; the old
-- signatures are dropped, so no screen saves without naming what it saw.

alter function public.save_first_contact_settings(jsonb) rename to save_first_contact_settings_now;
alter function public.save_first_contact_settings_now(jsonb) set schema private;
alter function public.save_routing_rule(jsonb) rename to save_routing_rule_now;
alter function public.save_routing_rule_now(jsonb) set schema private;
revoke execute on function private.save_first_contact_settings_now(jsonb)
  from public, anon, authenticated, service_role;
revoke execute on function private.save_routing_rule_now(jsonb)
  from public, anon, authenticated, service_role;

comment on function private.save_first_contact_settings_now(jsonb) is
  'The save of the first-contact settings (public.save_first_contact_settings checks what was seen).';
comment on function private.save_routing_rule_now(jsonb) is
  'The save of the routing rule (public.save_routing_rule checks what was seen).';

-- Owners: saves the first-contact settings opened at `_expected_updated_at`; returns them.
create function public.save_first_contact_settings(_expected_updated_at timestamptz, _settings jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  now_saved private.first_contact_settings;
begin
  perform private.assert_owner();
  select * into strict now_saved from private.first_contact_settings for update;
  if _expected_updated_at is distinct from now_saved.updated_at then
    perform private.refuse_stale(
      'first_contact_settings', 0,
      (select a.id from private.admin_users a where a.username = now_saved.updated_by),
      now_saved.updated_at
    );
  end if;
  return private.save_first_contact_settings_now(_settings);
end
$$;

comment on function public.save_first_contact_settings(timestamptz, jsonb) is
  'Owners: saves the first-contact settings as opened (saved by someone since: PT409 stale_version).';

-- Owners: saves the routing rule opened at `_expected_updated_at`; returns the routing settings.
create function public.save_routing_rule(_expected_updated_at timestamptz, _rule jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  now_saved private.routing_rule;
begin
  perform private.assert_owner();
  select * into strict now_saved from private.routing_rule for update;
  if _expected_updated_at is distinct from now_saved.updated_at then
    perform private.refuse_stale(
      'routing_rule', 0,
      (select a.id from private.admin_users a where a.username = now_saved.updated_by),
      now_saved.updated_at
    );
  end if;
  return private.save_routing_rule_now(_rule);
end
$$;

comment on function public.save_routing_rule(timestamptz, jsonb) is
  'Owners: saves the routing rule as opened (saved by someone since: PT409 stale_version).';

revoke execute on function public.save_first_contact_settings(timestamptz, jsonb)
  from public, anon;
revoke execute on function public.save_routing_rule(timestamptz, jsonb) from public, anon;
grant execute on function public.save_first_contact_settings(timestamptz, jsonb) to authenticated;
grant execute on function public.save_routing_rule(timestamptz, jsonb) to authenticated;

revoke execute on all functions in schema private from public;
