import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { openPglite, type Database } from './db.ts';
import { prepareDatabase, REPO_ROOT } from './migrate.ts';

/**
 * Generates src/lib/database.types.ts (the `Database` type for supabase-js) from the migrated
 * schema, in the shape `supabase gen types typescript` produces, plus `Constants` with the enum
 * values for the forms' schemas. A test regenerates it and fails when the file drifts.
 *
 *   npm run gen-types -- --write    regenerate the file after changing a migration
 *   npm run gen-types               print it
 */

export const TYPES_FILE = join(REPO_ROOT, 'src', 'lib', 'database.types.ts');

interface ColumnRow {
  table_name: string;
  name: string;
  type_name: string;
  type_type: string;
  element_name: string | null;
  element_type: string | null;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
}

interface RelationshipRow {
  table_name: string;
  constraint_name: string;
  columns: string[];
  one_to_one: boolean;
  referenced_table: string;
  referenced_columns: string[];
}

interface FunctionRow {
  name: string;
  arg_names: string[];
  arg_types: {
    name: string;
    type: string;
    element_name: string | null;
    element_type: string | null;
  }[];
  return_name: string;
  return_type: string;
  return_element_name: string | null;
  return_element_type: string | null;
  /** RETURNS TABLE columns, typed like arguments (supabase gen types makes them the row type). */
  table_columns: {
    name: string;
    type: string;
    type_name: string;
    element_name: string | null;
    element_type: string | null;
  }[];
  returns_set: boolean;
}

const STRING_TYPES = new Set([
  'uuid',
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'citext',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'inet',
  'cidr',
  'macaddr',
  'bytea',
  'tsvector',
  'money',
]);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function tsType(
  name: string,
  typtype: string,
  elementName: string | null,
  elementType: string | null,
): string {
  if (elementName !== null) return `${tsType(elementName, elementType ?? 'b', null, null)}[]`;
  if (typtype === 'e') return `Database['public']['Enums']['${name}']`;
  if (name === 'bool') return 'boolean';
  if (name === 'json' || name === 'jsonb') return 'Json';
  if (name === 'void') return 'undefined';
  if (NUMBER_TYPES.has(name)) return 'number';
  if (STRING_TYPES.has(name)) return 'string';
  return 'unknown';
}

function property(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name}'`;
}

export async function generateDatabaseTypes(db: Database): Promise<string> {
  const columns = await db.query<ColumnRow>(
    `select c.relname::text as table_name, a.attname::text as name, t.typname::text as type_name,
       t.typtype::text as type_type, et.typname::text as element_name, et.typtype::text as element_type,
       not a.attnotnull as nullable, a.atthasdef or a.attidentity <> '' as has_default,
       a.attgenerated <> '' or a.attidentity = 'a' as generated
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     join pg_type t on t.oid = a.atttypid
     left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
     order by c.relname, a.attname`,
  );
  const kinds = await db.query<{ name: string; kind: string }>(
    `select c.relname::text as name, c.relkind::text as kind from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`,
  );
  const relationships = await db.query<RelationshipRow>(
    `select c.relname::text as table_name, k.conname::text as constraint_name,
       array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, i)
             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.i) as columns,
       exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
               and u.conkey::int2[] @> k.conkey::int2[] and u.conkey::int2[] <@ k.conkey::int2[]) as one_to_one,
       r.relname::text as referenced_table,
       array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, i)
             join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.i) as referenced_columns
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = k.confrelid
     join pg_namespace rn on rn.oid = r.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
     order by c.relname, k.conname`,
  );
  const functions = await db.query<FunctionRow>(
    `select p.proname::text as name,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce((select json_agg(json_build_object(
           'name', coalesce(p.proargnames[i], ''), 'type', t.typtype, 'element_name', et.typname,
           'element_type', et.typtype, 'type_name', t.typname) order by i)
         from generate_series(1, p.pronargs) i
         join pg_type t on t.oid = p.proargtypes[i - 1]
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'), '[]'::json) as arg_types,
       rt.typname::text as return_name, rt.typtype::text as return_type,
       ret.typname::text as return_element_name, ret.typtype::text as return_element_type,
       p.proretset as returns_set,
       coalesce((select json_agg(json_build_object(
           'name', p.proargnames[i], 'type', t.typtype, 'element_name', et.typname,
           'element_type', et.typtype, 'type_name', t.typname) order by i)
         from generate_series(1, coalesce(array_length(p.proargmodes, 1), 0)) i
         join pg_type t on t.oid = p.proallargtypes[i]
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
         where p.proargmodes[i] = 't'), '[]'::json) as table_columns
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     join pg_type rt on rt.oid = p.prorettype
     left join pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
     where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by p.proname`,
  );
  const enums = await db.query<{ name: string; labels: string[] }>(
    `select t.typname::text as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
     from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
     where n.nspname = 'public' group by t.typname order by t.typname`,
  );

  const tableBlocks: string[] = [];
  const viewBlocks: string[] = [];
  for (const { name, kind } of kinds.rows) {
    const tableColumns = columns.rows.filter((column) => column.table_name === name);
    const type = (column: ColumnRow) =>
      tsType(column.type_name, column.type_type, column.element_name, column.element_type);
    const row = tableColumns.map(
      (c) => `${property(c.name)}: ${type(c)}${c.nullable ? ' | null' : ''}`,
    );
    const insert = tableColumns.map((c) =>
      c.generated
        ? `${property(c.name)}?: never`
        : `${property(c.name)}${c.nullable || c.has_default ? '?' : ''}: ${type(c)}${c.nullable ? ' | null' : ''}`,
    );
    const update = tableColumns.map((c) =>
      c.generated
        ? `${property(c.name)}?: never`
        : `${property(c.name)}?: ${type(c)}${c.nullable ? ' | null' : ''}`,
    );
    const relations = relationships.rows
      .filter((relation) => relation.table_name === name)
      .map(
        (relation) => `{
          foreignKeyName: '${relation.constraint_name}'
          columns: [${relation.columns.map((column) => `'${column}'`).join(', ')}]
          isOneToOne: ${relation.one_to_one}
          referencedRelation: '${relation.referenced_table}'
          referencedColumns: [${relation.referenced_columns.map((column) => `'${column}'`).join(', ')}]
        }`,
      );
    const block = `${property(name)}: {
      Row: { ${row.join('\n')} }
      ${kind === 'r' || kind === 'p' ? `Insert: { ${insert.join('\n')} }\nUpdate: { ${update.join('\n')} }` : ''}
      Relationships: [${relations.join(',\n')}]
    }`;
    (kind === 'r' || kind === 'p' ? tableBlocks : viewBlocks).push(block);
  }

  const functionBlocks = functions.rows.map((fn) => {
    const args = (
      fn.arg_types as unknown as {
        name: string;
        type: string;
        type_name: string;
        element_name: string | null;
        element_type: string | null;
      }[]
    )
      .map(
        (arg) =>
          `${property(arg.name)}: ${tsType(arg.type_name, arg.type, arg.element_name, arg.element_type)}`,
      )
      .sort();
    const returns =
      fn.table_columns.length > 0
        ? `{ ${fn.table_columns
            .map(
              (column) =>
                `${property(column.name)}: ${tsType(column.type_name, column.type, column.element_name, column.element_type)}`,
            )
            .join('\n')} }`
        : tsType(fn.return_name, fn.return_type, fn.return_element_name, fn.return_element_type);
    return `${property(fn.name)}: {
      Args: ${args.length ? `{ ${args.join('\n')} }` : 'never'}
      Returns: ${fn.returns_set ? `${returns}[]` : returns}
    }`;
  });
  const enumBlocks = enums.rows.map(
    (item) => `${property(item.name)}: ${item.labels.map((label) => `'${label}'`).join(' | ')}`,
  );
  const constants = enums.rows.map(
    (item) => `${property(item.name)}: [${item.labels.map((label) => `'${label}'`).join(', ')}]`,
  );
  const empty = '{ [_ in never]: never }';

  const source = `/**
 * Types of the database as supabase-js sees it, generated from supabase/migrations by
 * \`node local/gen-types.ts --write\` (same shape as \`supabase gen types typescript\`).
 * Do not edit by hand: supabase/tests/database-types.test.ts fails when this file drifts.
 */

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Lets createClient<Database>() pick the PostgREST version without a second type argument.
  __InternalSupabase: {
    PostgrestVersion: '12'
  }
  public: {
    Tables: ${tableBlocks.length ? `{ ${tableBlocks.join('\n')} }` : empty}
    Views: ${viewBlocks.length ? `{ ${viewBlocks.join('\n')} }` : empty}
    Functions: ${functionBlocks.length ? `{ ${functionBlocks.join('\n')} }` : empty}
    Enums: ${enumBlocks.length ? `{ ${enumBlocks.join('\n')} }` : empty}
    CompositeTypes: ${empty}
  }
}

type PublicSchema = Database['public']

/** A row as selected: \`Tables<'offer_leads'>\`. */
export type Tables<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Row']

/** A row as inserted: \`TablesInsert<'offer_leads'>\`. */
export type TablesInsert<Name extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][Name]['Insert']

/** A partial row as updated: \`TablesUpdate<'contact_requests'>\`. */
export type TablesUpdate<Name extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][Name]['Update']

/** An enum's values as a union: \`Enums<'request_status'>\`. */
export type Enums<Name extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][Name]

/** Every enum's values at run time, in database order (for zod schemas and selects). */
export const Constants = {
  public: {
    Enums: { ${constants.join(',\n')} },
  },
} as const
`;
  const config = JSON.parse(readFileSync(join(REPO_ROOT, '.prettierrc.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const { plugins: _plugins, overrides: _overrides, ...options } = config;
  return format(source, { ...options, parser: 'typescript' });
}

/** Migrates a throwaway in-memory database and generates the types from it. */
export async function generateFromMigrations(): Promise<string> {
  const db = await openPglite(null);
  try {
    await prepareDatabase(db);
    return await generateDatabaseTypes(db);
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const types = await generateFromMigrations();
  if (process.argv.includes('--write')) {
    writeFileSync(TYPES_FILE, types);
    console.log(`Wrote ${TYPES_FILE}`);
  } else {
    process.stdout.write(types);
  }
}
