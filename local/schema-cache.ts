import type { Database } from './db.ts';

/**
 * What the local PostgREST needs to know about the exposed schema (`public`, as on Supabase):
 * tables and views with their columns and primary keys, and callable functions with their named
 * arguments. Type names are read with an empty search_path, so they are fully qualified and safe
 * to use in casts (`$1::public.request_status`).
 */

export const EXPOSED_SCHEMA = 'public';

export interface ColumnInfo {
  name: string;
  /** SQL type for casts, e.g. `uuid`, `text[]`, `public.lead_service`. */
  type: string;
  /** Catalog type name, as Realtime reports it (`uuid`, `_text`, `timestamptz`, `lead_service`). */
  udt: string;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
  /**
   * PostgREST's computed fields: functions of the exposed schema taking one row of this table and
   * returning a single value, selected and filtered like columns (`tbl.fn` in SQL), never in `*`.
   */
  computed: Map<string, ColumnInfo>;
}

export interface FunctionArgument {
  /** '' for an unnamed parameter (callable only as a function's single json/jsonb one). */
  name: string;
  type: string;
  /** The type as PostgREST names it in PGRST203 (`type::regtype::text` on its search path). */
  display: string;
  hasDefault: boolean;
  isArray: boolean;
  isJson: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArgument[];
  /** False when the signature uses OUT/INOUT/VARIADIC parameters (RETURNS TABLE is mapped). */
  supported: boolean;
  description: string | null;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** A composite (row) return type, answered as JSON objects rather than scalars. */
  returnsComposite: boolean;
  volatile: boolean;
}

type FunctionRow = {
  name: string;
  args: { name: string; type: string; category: string; json: boolean }[];
  description: string | null;
  defaults: number;
  modes: string[] | null;
  returns_set: boolean;
  returns_void: boolean;
  returns_composite: boolean;
  volatile: boolean;
  row_of: string | null;
  return_type: string;
};

export class SchemaCache {
  tables = new Map<string, TableInfo>();
  functions = new Map<string, FunctionInfo[]>();
  private loadedAt = 0;

  async load(db: Database): Promise<void> {
    const [tables, functions] = await db.transaction(async (tx) => {
      await tx.query(`select set_config('search_path', '', true)`);
      const tableRows = await tx.query<{
        name: string;
        columns: { name: string; type: string; udt: string }[];
        pk: string[];
      }>(
        `select c.relname::text as name,
           coalesce((
             select json_agg(json_build_object(
               'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'udt', t.typname
             ) order by a.attnum)
             from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           ), '[]'::json) as columns,
           coalesce((
             select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
             from pg_catalog.pg_index i
             join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
             where i.indrelid = c.oid and i.indisprimary
           ), '[]'::json) as pk
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
        [EXPOSED_SCHEMA],
      );
      const functionRows = await tx.query<FunctionRow>(
        `select p.proname::text as name,
           coalesce((
             select json_agg(json_build_object(
               'name', coalesce(p.proargnames[i], ''),
               'type', format_type(p.proargtypes[i - 1], null),
               'category', t.typcategory,
               'json', t.typname in ('json', 'jsonb')
             ) order by i)
             from generate_series(1, p.pronargs) i
             join pg_catalog.pg_type t on t.oid = p.proargtypes[i - 1]
           ), '[]'::json) as args,
           p.pronargdefaults::int as defaults,
           pg_catalog.obj_description(p.oid, 'pg_proc') as description,
           p.proargmodes::text[] as modes,
           p.proretset as returns_set,
           p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as returns_void,
           rt.typtype = 'c' or p.prorettype = 'pg_catalog.record'::pg_catalog.regtype as returns_composite,
           p.provolatile = 'v' as volatile,
           (select c.relname::text from pg_catalog.pg_type at join pg_catalog.pg_class c on c.oid = at.typrelid
            where p.pronargs = 1 and at.oid = p.proargtypes[0] and c.relnamespace = n.oid
              and c.relkind in ('r', 'v', 'm', 'p', 'f')) as row_of,
           format_type(p.prorettype, null) as return_type
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_type rt on rt.oid = p.prorettype
         where n.nspname = $1 and p.prokind = 'f'
           and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
           and not exists (
             select 1 from pg_catalog.pg_depend d
             where d.objid = p.oid and d.deptype = 'e'
           )`,
        [EXPOSED_SCHEMA],
      );
      return [tableRows.rows, functionRows.rows] as const;
    });

    this.tables = new Map(
      tables.map((row) => [
        row.name,
        {
          schema: EXPOSED_SCHEMA,
          name: row.name,
          columns: new Map(row.columns.map((column) => [column.name, column])),
          primaryKey: row.pk,
          computed: new Map(),
        },
      ]),
    );
    this.addFunctions(functions);
    this.loadedAt = Date.now();
  }

  private addFunctions(functions: FunctionRow[]): void {
    this.functions = new Map();
    for (const row of functions) {
      const owner = row.row_of === null ? undefined : this.tables.get(row.row_of);
      if (owner && !row.returns_set && !row.returns_composite && !row.returns_void) {
        owner.computed.set(row.name, {
          name: row.name,
          type: row.return_type,
          udt: row.return_type,
        });
      }
      // PostgREST's schema cache leaves out what it cannot call: more than one unnamed parameter,
      // or one that is not bytea, json, jsonb, text or xml.
      const unnamed = row.args.filter((arg) => arg.name === '');
      if (
        unnamed.length > 1 ||
        (unnamed.length === 1 &&
          !['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]?.type ?? ''))
      )
        continue;
      const info: FunctionInfo = {
        name: row.name,
        description: row.description,
        args: row.args.map((arg, index) => ({
          name: arg.name,
          type: arg.type,
          display: arg.type.replace(/^(public|extensions)\./, ''),
          hasDefault: index >= row.args.length - row.defaults,
          isArray: arg.category === 'A',
          isJson: arg.json,
        })),
        // RETURNS TABLE adds `t` columns after the inputs; those map like any composite result.
        supported:
          (row.modes === null ||
            row.modes.every((mode, index) =>
              index < row.args.length ? mode === 'i' : mode === 't',
            )) &&
          unnamed.length <= 1,
        returnsSet: row.returns_set,
        returnsVoid: row.returns_void,
        returnsComposite: row.returns_composite,
        volatile: row.volatile,
      };
      const overloads = this.functions.get(row.name) ?? [];
      overloads.push(info);
      this.functions.set(row.name, overloads);
    }
    for (const overloads of this.functions.values()) overloads.sort(compareRoutines);
  }

  /**
   * Reloads when something is missing from the cache, at most once a second, so a table created
   * while the server runs (a new migration, a test fixture) becomes reachable without a restart.
   */
  async reloadIfStale(db: Database): Promise<boolean> {
    if (Date.now() - this.loadedAt < 1000) return false;
    await this.load(db);
    return true;
  }
}

/**
 * PostgREST's order of overloads (its Routine Ord instance): fewer parameters first, then the
 * description (none first) and the parameters (name, type, required) compared in turn. It is the
 * order PGRST203 lists the candidates in.
 */
function compareRoutines(a: FunctionInfo, b: FunctionInfo): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return byText(a.description, b.description);
  }
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i] as FunctionArgument;
    const y = b.args[i] as FunctionArgument;
    const order =
      byText(x.name, y.name) ||
      byText(x.display, y.display) ||
      Number(!x.hasDefault) - Number(!y.hasDefault);
    if (order) return order;
  }
  return 0;
}
