-- Routing new requests (issue 32). A request from the public forms can be assigned the moment it is
-- stored, by a rule the owner sets (private.routing_rule; off by default, as a one-person agency
-- needs none): round robin among the staff marked on duty, optionally only among those who speak
-- the request's language and/or handle its treatment (private.staff_routing). The turn goes to
-- whoever was routed a request longest ago. The assignment is in the request's INSERT (so every
-- open screen, the new-lead alert and the patient's page see it at once) and in the timeline as a
-- 'routed' event by the system. Requests staff enter themselves and requests held as doubtful are
-- not routed. A coordinator marks herself on or off duty (public.set_my_duty); owners set anyone's
-- duty, languages and treatments (public.set_staff_routing) and the rule (public.save_routing_rule).

insert into private.request_event_kinds (kind) values ('routed');

-- The owner's rule (one row). Off by default.
create table private.routing_rule (
  id boolean primary key default true check (id),
  enabled boolean not null default false,
  by_language boolean not null default false,
  by_service boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by text
);
comment on table private.routing_rule is
  'How new requests are assigned: round robin among staff on duty, optionally by language or treatment.';
insert into private.routing_rule default values;
alter table private.routing_rule enable row level security;

-- Per staff account: on duty or not, the languages and treatments they take (an empty treatment
-- list takes every treatment), and when they were last routed a request (the round robin's turn).
create table private.staff_routing (
  admin_id uuid primary key references private.admin_users (id) on delete cascade,
  on_duty boolean not null default false,
  languages public.site_language[] not null default '{ar,en}',
  services public.request_service[] not null default '{}',
  last_routed_at timestamptz,
  duty_changed_at timestamptz,
  updated_at timestamptz not null default now()
);
comment on table private.staff_routing is
  'Per staff account: on duty, the languages and treatments they take, and their round-robin turn.';
alter table private.staff_routing enable row level security;

-- The staff account a new request goes to under the rule, taking its turn (null when the rule is
-- off or nobody on duty fits). Serialized, so two requests arriving together never share a turn.
create function private.next_on_duty(_language public.site_language, _service public.request_service)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  rule private.routing_rule;
  chosen uuid;
begin
  select * into rule from private.routing_rule;
  if rule.id is null or not rule.enabled then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('routing:turn', 0));
  select sr.admin_id into chosen
  from private.staff_routing sr
  join private.admin_users a on a.id = sr.admin_id
  where sr.on_duty and a.disabled_at is null
    and (not rule.by_language or _language = any (sr.languages))
    and (not rule.by_service or cardinality(sr.services) = 0 or _service = any (sr.services))
  order by sr.last_routed_at nulls first, a.username
  limit 1;
  if chosen is not null then
    update private.staff_routing set last_routed_at = clock_timestamp() where admin_id = chosen;
  end if;
  return chosen;
end
$$;

-- Before a request is inserted (after the lead's hold and a staff entry's stamp, by name): a
-- request from the public forms, not held and not yet assigned, is assigned under the rule. The
-- choice is handed to the after-insert trigger through a transaction-local setting.
create function private.route_new_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen uuid;
begin
  if new.entry_channel is not null or new.held_reason is not null or new.assigned_to is not null then
    return new;
  end if;
  chosen := private.next_on_duty(new.language, new.service);
  if chosen is not null then
    new.assigned_to := chosen;
    perform set_config('rihla.routed_request', new.id::text, true);
  end if;
  return new;
end
$$;

create trigger take_turns_on_new_request
before insert on public.contact_requests
for each row execute function private.route_new_request();

-- After a routed request is inserted: the 'routed' event, by the system, naming the assignee and
-- the rule ('round_robin', with ':language', ':service' or both when they narrowed the turn).
create function private.record_routing()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rule private.routing_rule;
begin
  if current_setting('rihla.routed_request', true) is distinct from new.id::text then
    return null;
  end if;
  perform set_config('rihla.routed_request', '', true);
  select * into rule from private.routing_rule;
  insert into public.request_events (request_id, version, author_id, author, kind, old_value, new_value)
  values (
    new.id, new.version, null, null, 'routed',
    'round_robin' || case
      when rule.by_language and rule.by_service then ':language,service'
      when rule.by_language then ':language'
      when rule.by_service then ':service'
      else ''
    end,
    (select a.username from private.admin_users a where a.id = new.assigned_to)
  );
  return null;
end
$$;

create trigger record_routing
after insert on public.contact_requests
for each row execute function private.record_routing();

-- The rule and every staff account's routing, for staff (coordinators see who is on duty).
create function public.routing_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform private.require_live_staff();
  select jsonb_build_object(
    'enabled', r.enabled, 'by_language', r.by_language, 'by_service', r.by_service,
    'updated_at', r.updated_at, 'updated_by', r.updated_by,
    'staff', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'username', a.username,
        'display_name', nullif(btrim(a.display_name), ''), 'role', a.role,
        'active', a.disabled_at is null,
        'on_duty', coalesce(sr.on_duty, false),
        'languages', coalesce(to_jsonb(sr.languages), '["ar", "en"]'::jsonb),
        'services', coalesce(to_jsonb(sr.services), '[]'::jsonb),
        'last_routed_at', sr.last_routed_at,
        'duty_changed_at', sr.duty_changed_at
      ) order by a.username)
      from private.admin_users a
      left join private.staff_routing sr on sr.admin_id = a.id
    ), '[]'::jsonb)
  ) into answer
  from private.routing_rule r;
  return answer;
end
$$;

-- Saves the rule (owners only): any of enabled, by_language, by_service. Returns the settings.
create function public.save_routing_rule(_rule jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_owner();
  if _rule is null or jsonb_typeof(_rule) <> 'object' or exists (
    select 1 from jsonb_object_keys(_rule) k where k not in ('enabled', 'by_language', 'by_service')
  ) then
    raise exception 'the rule takes enabled, by_language and by_service'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  update private.routing_rule r set
    enabled = coalesce((_rule ->> 'enabled')::boolean, r.enabled),
    by_language = coalesce((_rule ->> 'by_language')::boolean, r.by_language),
    by_service = coalesce((_rule ->> 'by_service')::boolean, r.by_service),
    updated_at = now(),
    updated_by = (select s.username from private.current_staff() s);
  return public.routing_settings();
end
$$;

-- Writes one staff account's routing (any of on_duty, languages, services). Internal.
create function private.write_staff_routing(_admin_id uuid, _settings jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if _settings is null or jsonb_typeof(_settings) <> 'object' or exists (
    select 1 from jsonb_object_keys(_settings) k where k not in ('on_duty', 'languages', 'services')
  ) then
    raise exception 'routing takes on_duty, languages and services'
      using errcode = '22023', hint = 'unknown_field';
  end if;
  if not exists (select 1 from private.admin_users a where a.id = _admin_id) then
    raise exception 'staff account not found' using errcode = 'PT404', hint = 'staff_not_found';
  end if;
  insert into private.staff_routing (admin_id) values (_admin_id) on conflict do nothing;
  update private.staff_routing sr set
    on_duty = coalesce((_settings ->> 'on_duty')::boolean, sr.on_duty),
    duty_changed_at = case
      when _settings ? 'on_duty' and (_settings ->> 'on_duty')::boolean is distinct from sr.on_duty
        then now() else sr.duty_changed_at end,
    languages = case when _settings ? 'languages' then array(
      select distinct l::public.site_language from jsonb_array_elements_text(_settings -> 'languages') l
    ) else sr.languages end,
    services = case when _settings ? 'services' then array(
      select distinct v::public.request_service from jsonb_array_elements_text(_settings -> 'services') v
    ) else sr.services end,
    updated_at = now()
  where sr.admin_id = _admin_id;
end
$$;

-- Sets a staff account's duty, languages and treatments (owners only). Returns the settings.
create function public.set_staff_routing(_staff_id uuid, _settings jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_owner();
  perform private.write_staff_routing(_staff_id, _settings);
  return public.routing_settings();
end
$$;

-- The caller marks themselves on or off duty. Returns the caller's duty.
create function public.set_my_duty(_on_duty boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid;
begin
  perform private.require_live_staff();
  if _on_duty is null then
    raise exception 'on duty or not' using errcode = '22023';
  end if;
  select s.id into me from private.current_staff() s;
  perform private.write_staff_routing(me, jsonb_build_object('on_duty', _on_duty));
  return _on_duty;
end
$$;

-- The caller's duty and whether routing is on, for the dashboard's switch.
create function public.my_duty()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'on_duty', coalesce((select sr.on_duty from private.staff_routing sr where sr.admin_id = s.id), false),
    'routing_enabled', (select r.enabled from private.routing_rule r)
  )
  from private.current_staff() s
$$;

revoke execute on function public.routing_settings() from public, anon;
revoke execute on function public.save_routing_rule(jsonb) from public, anon;
revoke execute on function public.set_staff_routing(uuid, jsonb) from public, anon;
revoke execute on function public.set_my_duty(boolean) from public, anon;
revoke execute on function public.my_duty() from public, anon;
grant execute on function public.routing_settings() to authenticated, service_role;
grant execute on function public.save_routing_rule(jsonb) to authenticated;
grant execute on function public.set_staff_routing(uuid, jsonb) to authenticated;
grant execute on function public.set_my_duty(boolean) to authenticated;
grant execute on function public.my_duty() to authenticated, service_role;

revoke execute on all functions in schema private from public;
