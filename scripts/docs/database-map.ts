/**
 * docs/database-access.md: who may do what in the database, read from supabase/schemas/ (the
 * present schema, itself generated from the migrations by `npm run schema:dump`, which rewrites this
 * map too). Every table and view with its row security, its grants to the API roles and its
 * policies; every function in `public` (the schema PostgREST exposes) with who may call it and
 * whether it runs as its owner. tests/unit/database-map.test.ts fails when the map drifts.
 *
 *   npx node scripts/docs/database-map.ts --write    rewrite docs/database-access.md
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAP_FILE = join(ROOT, 'docs', 'database-access.md');
const SCHEMAS = join(ROOT, 'supabase', 'schemas');

/** The roles a request through the API runs as (PostgREST switches to one of them). */
const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
type ApiRole = (typeof API_ROLES)[number];

interface Relation {
  name: string;
  kind: 'table' | 'view';
  rls: boolean;
  grants: Map<ApiRole, string[]>;
  policies: { name: string; command: string; roles: string; restrictive: boolean }[];
}

interface Routine {
  signature: string;
  definer: boolean;
  callers: ApiRole[];
  comment: string;
}

/** `SELECT,INSERT,DELETE,UPDATE`, `UPDATE(notes)`, `ALL` → the privileges in a fixed order. */
function privileges(list: string): string[] {
  if (list === 'ALL') return ['all'];
  return list.split(/,(?![^(]*\))/).map((item) => item.trim().toLowerCase().replaceAll('"', ''));
}
const PRIVILEGE_ORDER = [
  'select',
  'insert',
  'update',
  'delete',
  'truncate',
  'references',
  'trigger',
];

function isApiRole(role: string): role is ApiRole {
  return (API_ROLES as readonly string[]).includes(role);
}

/** The SQL of every schema file, by the object it describes. */
function schemaFiles(dir = SCHEMAS): { name: string; text: string }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

export function readMap(dir = SCHEMAS): { relations: Relation[]; routines: Routine[] } {
  const relations = new Map<string, Relation>();
  const relation = (name: string, kind: Relation['kind'] = 'table') => {
    let found = relations.get(name);
    if (!found) {
      found = { name, kind, rls: false, grants: new Map(), policies: [] };
      relations.set(name, found);
    }
    return found;
  };
  const routines = new Map<string, Routine>();
  for (const { name, text } of schemaFiles(dir)) {
    const object = /^L\d+-(table|view|links|function)-(.+)\.sql$/.exec(name);
    if (!object) continue;
    const [, kind, qualified] = object;
    if (kind === 'table' || kind === 'view') relation(qualified!, kind);
    for (const [, table] of text.matchAll(/^ALTER TABLE (\S+) ENABLE ROW LEVEL SECURITY;$/gm))
      relation(table!).rls = true;
    for (const [, list, table, role] of text.matchAll(/^GRANT (.+?) ON TABLE (\S+) TO (\w+);$/gm)) {
      if (!isApiRole(role!)) continue;
      const grants = relation(table!).grants;
      grants.set(role, [...(grants.get(role) ?? []), ...privileges(list!)]);
    }
    for (const [, policy, table, restrictive, command, roles] of text.matchAll(
      /^CREATE POLICY "([^"]+)" ON (\S+)( AS RESTRICTIVE)?(?: FOR (\w+))? TO ([\w, ]+?) (?:USING|WITH CHECK)/gm,
    ))
      relation(table!).policies.push({
        name: policy!,
        command: (command ?? 'ALL').toLowerCase(),
        roles: roles!,
        restrictive: Boolean(restrictive),
      });
    if (kind !== 'function' || !qualified!.startsWith('public.')) continue;
    for (const [, declared, header] of text.matchAll(
      /^CREATE (?:OR REPLACE )?FUNCTION (public\.\w+\(.*?\)) RETURNS [^\n]*\n([^$]*?)AS \$/gm,
    )) {
      const signature = withoutDefaults(declared!);
      const comment = new RegExp(
        `^COMMENT ON FUNCTION ${escape(signature)} IS '((?:[^']|'')*)';$`,
        'm',
      ).exec(text)?.[1];
      const callers = [
        ...text.matchAll(
          new RegExp(`^GRANT ALL ON FUNCTION ${escape(signature)} TO (\\w+);$`, 'gm'),
        ),
      ]
        .map((match) => match[1]!)
        .filter(isApiRole);
      routines.set(signature, {
        signature: signature,
        definer: /SECURITY DEFINER/.test(header!),
        callers,
        comment: firstSentence((comment ?? '').replaceAll("''", "'")),
      });
    }
  }
  return {
    relations: [...relations.values()].sort((a, b) => a.name.localeCompare(b.name)),
    routines: [...routines.values()].sort((a, b) => a.signature.localeCompare(b.signature)),
  };
}

/** `f(_a int DEFAULT 1, _b text)` → `f(_a int, _b text)`, the form GRANT and COMMENT lines use. */
function withoutDefaults(signature: string): string {
  const open = signature.indexOf('(');
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of signature.slice(open + 1, -1)) {
    if (char === "'") quoted = !quoted;
    if (!quoted && char === '(') depth += 1;
    if (!quoted && char === ')') depth -= 1;
    if (!quoted && depth === 0 && char === ',') {
      args.push(current);
      current = '';
    } else current += char;
  }
  if (current.trim()) args.push(current);
  const bare = args.map((arg) => arg.replace(/\s+DEFAULT\s[\s\S]*$/, '').trim());
  return `${signature.slice(0, open)}(${bare.join(', ')})`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function firstSentence(text: string): string {
  const cut = /^(.+?[.;])(\s|$)/.exec(text);
  return (cut?.[1] ?? text).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

const cell = (items: string[]) => (items.length ? items.join(', ') : '—');

/** `select, update(status), update(notes)` → `select, update (status, notes)`, in a fixed order. */
function grantCell(privileges: string[]): string {
  const columns = new Map<string, string[] | null>();
  for (const privilege of privileges) {
    const [, name = privilege, column] = /^(\w+)(?:\((.+)\))?$/.exec(privilege) ?? [];
    const known = columns.get(name);
    if (known === null) continue;
    columns.set(name, column === undefined ? null : [...(known ?? []), column]);
  }
  const order = (name: string) =>
    name === 'all' ? -1 : PRIVILEGE_ORDER.indexOf(name) === -1 ? 99 : PRIVILEGE_ORDER.indexOf(name);
  return cell(
    [...columns.entries()]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([name, cols]) => (cols ? `${name} (${cols.join(', ')})` : name)),
  );
}

/** The map as it should read. */
export function databaseMap(dir = SCHEMAS): string {
  const { relations, routines } = readMap(dir);
  const lines = [
    '# Who may do what in the database',
    '',
    'Generated from `supabase/schemas/` by `npm run schema:dump` (or',
    '`npx node scripts/docs/database-map.ts --write`); do not edit: `tests/unit/database-map.test.ts`',
    'fails when this page and the schema differ. The API roles are the ones a request through',
    'PostgREST runs as: `anon` (the public key, no sign-in), `authenticated` (any signed-in user:',
    'staff, and the anonymous sign-in the public forms use; a staff check inside the policy or function',
    'decides the rest) and `service_role` (the server-side workers). "—" means nothing is granted.',
    'Schemas other than `public` are not exposed by the API; their grants matter only to',
    'functions and policies that reach into them.',
    '',
    `## Tables and views (${relations.length})`,
    '',
    '| Table | Row security | `anon` | `authenticated` | `service_role` | Policies (command → roles: name) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const table of relations) {
    const policies = table.policies
      .map(
        (policy) =>
          `${policy.restrictive ? 'restrictive ' : ''}${policy.command} → ${policy.roles}: ${policy.name}`,
      )
      .join('<br>');
    // Supabase makes storage.objects and realtime.messages, with row security on and its own
    // grants; the migrations add policies only (local/bootstrap.sql plays Supabase's part here).
    const supabases = /^(storage|realtime)\./.test(table.name);
    const security = supabases
      ? 'on (Supabase)'
      : table.kind === 'view'
        ? 'view'
        : table.rls
          ? 'on'
          : '**off**';
    const grants = API_ROLES.map((role) =>
      supabases ? 'Supabase' : grantCell(table.grants.get(role) ?? []),
    );
    lines.push(
      `| \`${table.name}\`${table.kind === 'view' ? ' (view)' : ''} | ${security} | ${grants.join(' | ')} | ${policies || '—'} |`,
    );
  }
  const open = routines.filter((routine) => routine.callers.includes('anon')).length;
  lines.push(
    '',
    `## Functions in \`public\` (${routines.length}; ${open} callable with the public key)`,
    '',
    '"owner" = `security definer`: the function runs with its owner\'s rights and does its own',
    'checks (the staff or patient check it names); "caller" = it runs with the caller\'s rights and',
    'row security applies.',
    '',
    '| Function | Runs as | Callable by | What it does |',
    '| --- | --- | --- | --- |',
  );
  for (const routine of routines)
    lines.push(
      `| \`${routine.signature}\` | ${routine.definer ? 'owner' : 'caller'} | ${cell(routine.callers)} | ${routine.comment || '—'} |`,
    );
  return `${lines.join('\n')}\n`;
}

if (process.argv.includes('--write') && import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(MAP_FILE, databaseMap());
  console.log(`${MAP_FILE}: written`);
}
