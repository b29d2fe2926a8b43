/**
 * The checks of Supabase's database linter (splinter: the Security and Performance Advisors of a
 * hosted project), written as this project's own SQL so the gate runs them on every migrated
 * schema. Each query returns one row per finding, named by `object`. Levels are splinter's: ERROR
 * and WARN fail the gate unless docs/decisions/database-linter-findings-we-accept.md lists the finding with a reason; INFO is shown.
 */

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';

export interface Lint {
  name: string;
  level: LintLevel;
  /** Returns rows `{ object: text }`, one per finding. */
  sql: string;
}

/** Schemas Supabase manages itself, which its linter leaves out too, and the local stand-in's own. */
const SYSTEM_SCHEMAS = `('_local', 'auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema',
  'net', 'pgbouncer', 'pg_catalog', 'pg_toast', 'pgsodium', 'realtime', 'storage',
  'supabase_functions', 'supabase_migrations', 'vault')`;

/** Schemas the Data API exposes (supabase/config.toml: public only). */
const API_SCHEMAS = `('public')`;

const API_ROLES = `('anon', 'authenticated')`;

/** Policies with their table, schema, roles and expressions. */
const POLICIES = `
  select n.nspname as schema_name, c.relname as table_name, p.polname as policy_name,
         p.polpermissive as permissive, p.polcmd as command, c.relrowsecurity as rls,
         coalesce(pg_get_expr(p.polqual, p.polrelid), '') as qual,
         coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as with_check,
         array(select case when r = 0 then 'public' else r::regrole::text end
               from unnest(p.polroles) r) as roles
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace`;

export const LINTS: Lint[] = [
  {
    // 0002: a view in the API that reads auth.users hands out every account's e-mail.
    name: 'auth_users_exposed',
    level: 'ERROR',
    sql: `select distinct n.nspname || '.' || c.relname as object
          from pg_depend d join pg_rewrite r on r.oid = d.objid
          join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
          where d.refobjid = 'auth.users'::regclass and n.nspname in ${API_SCHEMAS}
            and c.relkind in ('v', 'm')
            and (has_table_privilege('anon', c.oid, 'select')
                 or has_table_privilege('authenticated', c.oid, 'select'))`,
  },
  {
    // 0003: auth.uid() & co., and current_setting() (splinter checks it too: the two WARNs on
    // offer_leads, issue 42), evaluated per row; every call must sit in a sub-select.
    name: 'auth_rls_initplan',
    level: 'WARN',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as object
          from (${POLICIES}) p
          where rls and exists (
            select 1 from unnest(array[qual, with_check]) e
            where (select count(*) from regexp_matches(e,
                     '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()', 'g'))
                > (select count(*) from regexp_matches(lower(e),
                     'select\\s+\\(?(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()', 'g')))`,
  },
  {
    // 0006: two permissive policies for one role and action: both run for every row.
    name: 'multiple_permissive_policies',
    level: 'WARN',
    sql: `select schema_name || '.' || table_name || ' ' || role || ' ' || action as object
          from (
            select schema_name, table_name, role, action, count(*) as n
            from (${POLICIES}) p, unnest(roles) role,
                 unnest(case command when '*' then array['r', 'a', 'w', 'd']
                        else array[command::text] end) action
            where permissive and schema_name not in ${SYSTEM_SCHEMAS}
            group by 1, 2, 3, 4
          ) grouped where n > 1`,
  },
  {
    // 0007: policies written but not enforced.
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    sql: `select distinct schema_name || '.' || table_name as object from (${POLICIES}) p
          where not rls and schema_name not in ${SYSTEM_SCHEMAS}`,
  },
  {
    // 0009: two identical indexes: twice the writes for nothing.
    name: 'duplicate_index',
    level: 'WARN',
    sql: `select n.nspname || '.' || c.relname || ' ' || string_agg(x.relname, ', '
                   order by x.relname) as object
          from pg_index i join pg_class c on c.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ${SYSTEM_SCHEMAS}
          group by n.nspname, c.relname, i.indkey::text, i.indclass::text, i.indcollation::text,
                   coalesce(pg_get_expr(i.indexprs, i.indrelid), ''),
                   coalesce(pg_get_expr(i.indpred, i.indrelid), '')
          having count(*) > 1`,
  },
  {
    // 0010: a view that runs as its owner bypasses the RLS of what it reads.
    name: 'security_definer_view',
    level: 'ERROR',
    sql: `select n.nspname || '.' || c.relname as object
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'v' and n.nspname in ${API_SCHEMAS}
            and not coalesce('security_invoker=true' = any(c.reloptions)
                             or 'security_invoker=on' = any(c.reloptions), false)`,
  },
  {
    // 0011: a function whose search_path the caller controls.
    name: 'function_search_path_mutable',
    level: 'WARN',
    sql: `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid)
                 || ')' as object
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
          where n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg_temp%'
            and d.objid is null
            and not exists (select 1 from unnest(p.proconfig) s where s like 'search_path=%')`,
  },
  {
    // 0013: a table in the API without row-level security is readable with the public key.
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    sql: `select n.nspname || '.' || c.relname as object
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname in ${API_SCHEMAS} and not c.relrowsecurity`,
  },
  {
    // 0014: extensions belong in their own schema, out of the API.
    name: 'extension_in_public',
    level: 'WARN',
    sql: `select e.extname as object from pg_extension e
          join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
  },
  {
    // 0015: user_metadata is writable by the user: never a basis for access.
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as object
          from (${POLICIES}) p where (qual || with_check) ~ 'user_metadata'`,
  },
  {
    // 0016 and 0017: materialized views and foreign tables have no RLS.
    name: 'materialized_view_or_foreign_table_in_api',
    level: 'WARN',
    sql: `select n.nspname || '.' || c.relname as object
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('m', 'f') and n.nspname in ${API_SCHEMAS}
            and (has_table_privilege('anon', c.oid, 'select')
                 or has_table_privilege('authenticated', c.oid, 'select'))`,
  },
  {
    // 0024: a policy that lets the public write anything (USING/WITH CHECK true).
    name: 'rls_policy_always_true',
    level: 'WARN',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as object
          from (${POLICIES}) p
          where permissive and command in ('a', 'w', 'd', '*')
            and schema_name not in ${SYSTEM_SCHEMAS}
            and roles && array['public', 'anon', 'authenticated']
            and (regexp_replace(qual, '[()\\s]', '', 'g') = 'true'
                 or regexp_replace(with_check, '[()\\s]', '', 'g') = 'true')`,
  },
  {
    // 0028 and 0029: a security-definer function the public key (or any signed-in user) may call.
    name: 'security_definer_function_executable',
    level: 'WARN',
    sql: `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid)
                 || ') ' || r.rolname as object
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          cross join pg_roles r
          where p.prosecdef and r.rolname in ${API_ROLES}
            and n.nspname not in ${SYSTEM_SCHEMAS}
            and has_function_privilege(r.oid, p.oid, 'execute')
            and has_schema_privilege(r.oid, n.oid, 'usage')`,
  },
  {
    // 0030: a read policy that is true whenever the caller is unknown.
    name: 'rls_policy_null_auth_disjunct',
    level: 'WARN',
    sql: `select schema_name || '.' || table_name || ' ' || policy_name as object
          from (${POLICIES}) p
          where permissive and command in ('r', '*')
            and lower(qual) ~ '(auth\\.(uid|jwt|role)\\(\\)|current_setting\\([^)]*, true\\)) is null\\s*\\)?\\s*or'`,
  },
  {
    // 0001 (INFO): a foreign key without an index makes deletes of the parent scan the child.
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    sql: `select n.nspname || '.' || c.relname || ' ' || con.conname as object
          from pg_constraint con join pg_class c on c.oid = con.conrelid
          join pg_namespace n on n.oid = c.relnamespace
          where con.contype = 'f' and n.nspname not in ${SYSTEM_SCHEMAS}
            and not exists (
              select 1 from pg_index i
              where i.indrelid = con.conrelid
                and (i.indkey::int2[])[0:array_length(con.conkey, 1) - 1] @> con.conkey
                and (i.indkey::int2[])[0:array_length(con.conkey, 1) - 1] <@ con.conkey)`,
  },
  {
    // 0004 (INFO): rows without a primary key cannot be told apart by replication or tools.
    name: 'no_primary_key',
    level: 'INFO',
    sql: `select n.nspname || '.' || c.relname as object
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and n.nspname not in ${SYSTEM_SCHEMAS}
            and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,
  },
];
