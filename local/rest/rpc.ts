import type { IncomingMessage, ServerResponse } from 'node:http';
import { quoteIdent } from '../db.ts';
import { HttpError, notImplemented, postgrestError, send } from '../http.ts';
import { socketAddress } from '../client-address.ts';
import { throughHashGate } from '../hash-gate.ts';
import { parseColumnList, type Preferences } from '../postgrest-query.ts';
import type { RequestAuth } from '../request-auth.ts';
import { EXPOSED_SCHEMA, type FunctionInfo } from '../schema-cache.ts';
import { contentRange, parseJsonBody, type ResponseShape, type RestContext } from './request.ts';
import { checkMaxAffected, JSON_CONTENT, singleOf } from './response.ts';
import { asRequest } from './transaction.ts';

/**
 * /rest/v1/rpc/<name>: named arguments from a JSON body (POST) or the query string (GET/HEAD, for
 * functions that are not volatile), matched to an overload by their names as PostgREST does (two
 * that fit: 300). Sets are capped at max_rows and counted; only volatile POSTs may write.
 */

export async function callFunction(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: RequestAuth,
  body: Buffer,
  name: string,
  shape: ResponseShape,
  prefs: Preferences,
): Promise<void> {
  const method = req.method ?? 'GET';
  const { args, keys, wholeBody, objectBody } = requestArguments(req, url, body, method);
  const fn = await findFunction(ctx, name, keys, method === 'POST');
  const unnamed = fn.args.length === 1 && fn.args[0]?.name === '';
  if (!fn.supported) throw notImplemented(`calling ${name}: OUT/INOUT/VARIADIC parameters`);
  if (!unnamed && !objectBody)
    throw notImplemented(`calling ${name} with an array body (send one JSON object of arguments)`);
  // GET and HEAD run any function, read-only (a write there is 25006, 405), as PostgREST does.
  const { source, named, bound } = callArguments(fn, method, args, keys, wholeBody);
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined && !fn.returnsSet) {
    throw new HttpError(
      400,
      postgrestError(
        'PGRST128',
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      ),
    );
  }
  const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}(${named})`;
  const from = source ? `from ${source}` : '';
  const fromCall = source ? `from ${source} cross join lateral ${call}` : `from ${call}`;
  // A set is run once (materialized), capped at max_rows and counted whole, as PostgREST does.
  const cap = ctx.maxRows === undefined ? '' : `limit ${ctx.maxRows}`;
  const sql = fn.returnsVoid
    ? `select ${call}, null::text as body ${from}`
    : fn.returnsSet
      ? `with pgrst_call as materialized (
           select ${fn.returnsComposite ? `pgrst_fn.* ${fromCall} pgrst_fn` : `${call} as pgrst_scalar ${from}`}
         )
         select (select coalesce(json_agg(${fn.returnsComposite ? 'pgrst_page' : 'pgrst_page.pgrst_scalar'}), '[]')::text
                 from (select * from pgrst_call ${cap}) pgrst_page) as body,
           (select count(*)::int from pgrst_call) as total`
      : fn.returnsComposite
        ? `select to_json(pgrst_call)::text as body ${fromCall} pgrst_call`
        : `select to_json(${call})::text as body ${from}`;
  // PostgREST's access mode: GET/HEAD and stable or immutable functions run READ ONLY.
  const readOnly = method !== 'POST' || !fn.volatile;
  const run = () =>
    asRequest(
      ctx,
      req,
      url,
      auth,
      prefs,
      async (tx) => {
        const { rows } = await tx.query<{ body: string | null; total?: number }>(sql, bound);
        if (fn.returnsSet) checkMaxAffected(prefs, rows[0]?.total ?? 0);
        return rows[0];
      },
      readOnly,
    );
  // admin_login hashes a password: one at a time, addresses that failed last, so it cannot starve
  // other requests nor queue the admin behind a guesser's many addresses.
  const row = await (name === 'admin_login'
    ? throughHashGate(run, socketAddress(req) ?? '', (answer) => answer?.body !== 'true')
    : run());
  // Every rpc answer carries Content-Range, as PostgREST's: a single value (or void) is one row.
  if (fn.returnsVoid) {
    send(res, 204, null, { 'Content-Range': contentRange(0, 1, prefs.count ? 1 : undefined) });
    return;
  }
  const payload = row?.body ?? 'null';
  const headers: Record<string, string> = { ...JSON_CONTENT };
  let status = 200;
  if (fn.returnsSet) {
    const count = (JSON.parse(payload) as unknown[]).length;
    const total = row?.total ?? 0;
    headers['Content-Range'] = contentRange(0, count, prefs.count ? total : undefined);
    if (prefs.count && count < total) status = 206;
  } else {
    headers['Content-Range'] = contentRange(0, 1, prefs.count ? 1 : undefined);
  }
  send(
    res,
    status,
    method === 'HEAD'
      ? null
      : shape.single && payload.startsWith('[')
        ? singleOf(payload)
        : payload,
    headers,
  );
}

/** The arguments' names and values: a POST's JSON body (or its `columns`), a GET's query. */
function requestArguments(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  method: string,
): {
  args: Record<string, unknown>;
  keys: string[];
  wholeBody: string | undefined;
  objectBody: boolean;
} {
  let args: Record<string, unknown>;
  let keys: string[];
  let wholeBody: string | undefined;
  let objectBody = true;
  if (method === 'POST') {
    const parsed = body.length === 0 ? {} : parseJsonBody(req, body);
    const extra = [...url.searchParams.keys()].filter(
      (key) => key !== 'apikey' && key !== 'columns',
    );
    if (extra.length)
      throw notImplemented(`filters or modifiers on rpc results (${extra.join(', ')})`);
    const columns = url.searchParams.get('columns');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      args = parsed as Record<string, unknown>;
      // `?columns=` names the keys that are arguments; the others are ignored, as PostgREST does.
      keys = columns === null ? Object.keys(args) : parseColumnList(columns);
    } else {
      args = {};
      keys = Array.isArray(parsed)
        ? [
            ...new Set(
              parsed.flatMap((item: unknown) =>
                typeof item === 'object' && item !== null && !Array.isArray(item)
                  ? Object.keys(item)
                  : [],
              ),
            ),
          ]
        : [];
    }
    wholeBody = body.length === 0 ? '{}' : body.toString('utf8');
    objectBody = isObject(parsed);
  } else if (method === 'GET' || method === 'HEAD') {
    args = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'apikey'));
    keys = Object.keys(args);
  } else {
    throw new HttpError(405, postgrestError('PGRST101', `Cannot use the ${method} method on RPC`));
  }
  return { args, keys, wholeBody, objectBody };
}

/** The call's arguments: the SQL that passes them by name, its FROM source and bound values. */
function callArguments(
  fn: FunctionInfo,
  method: string,
  args: Record<string, unknown>,
  keys: string[],
  wholeBody: string | undefined,
): { source: string; named: string; bound: unknown[] } {
  const unnamed = fn.args.length === 1 && fn.args[0]?.name === '';
  const given = fn.args.filter((arg) => arg.name !== '' && keys.includes(arg.name));
  let source = '';
  let named: string;
  let bound: unknown[] = [];
  if (unnamed) {
    // PostgREST's fallback: the whole JSON body is the single unnamed json/jsonb argument.
    named = `$1::${fn.args[0]?.type ?? 'json'}`;
    bound = [wholeBody ?? '{}'];
  } else if (method === 'POST') {
    // As PostgREST: the body read by json_to_record into the parameters' own types (rows,
    // arrays and json included), then passed by name.
    named = given
      .map((arg) => `${quoteIdent(arg.name)} => pgrst_body.${quoteIdent(arg.name)}`)
      .join(', ');
    if (given.length) {
      source = `json_to_record($1::json) as pgrst_body(${given
        .map((arg) => `${quoteIdent(arg.name)} ${recordType(arg.type)}`)
        .join(', ')})`;
      bound = [JSON.stringify(args)];
    }
  } else {
    // GET: each value is text cast to the parameter's type, as PostgREST binds it.
    named = given
      .map((arg) => {
        const value = args[arg.name];
        const path = `$1::json -> ${sqlString(arg.name)}`;
        const expression = arg.isJson
          ? `(${path})::${arg.type}`
          : arg.isArray && Array.isArray(value)
            ? `(select coalesce(array_agg(pgrst_item), '{}') from json_array_elements_text(${path}) pgrst_item)::${arg.type}`
            : `($1::json ->> ${sqlString(arg.name)})::${arg.type}`;
        return `${quoteIdent(arg.name)} => ${expression}`;
      })
      .join(', ');
    if (given.length) bound = [JSON.stringify(args)];
  }
  return { source, named, bound };
}

/**
 * PostgREST's findProc (Plan.hs): an overload matches when the keys are exactly its required
 * parameters plus any of its optional ones; a POSTed function with a single unnamed json/jsonb
 * parameter is the fallback when none matches. Two matches (or two fallbacks): 300 PGRST203.
 */
async function findFunction(
  ctx: RestContext,
  name: string,
  keys: string[],
  post: boolean,
): Promise<FunctionInfo> {
  const partition = () => {
    const matches: FunctionInfo[] = [];
    const fallbacks: FunctionInfo[] = [];
    for (const fn of ctx.schema.functions.get(name) ?? []) {
      if (matchesParams(fn, keys)) matches.push(fn);
      else if (
        post &&
        fn.args.length === 1 &&
        fn.args[0]?.name === '' &&
        (fn.args[0].type === 'json' || fn.args[0].type === 'jsonb')
      )
        fallbacks.push(fn);
    }
    return { matches, fallbacks };
  };
  let found = partition();
  if (
    found.matches.length === 0 &&
    found.fallbacks.length === 0 &&
    (await ctx.schema.reloadIfStale(ctx.db))
  )
    found = partition();
  const candidates = found.matches.length ? found.matches : found.fallbacks;
  if (candidates.length > 1) {
    const signatures = candidates.map(
      (fn) =>
        `${EXPOSED_SCHEMA}.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.display}`).join(', ')})`,
    );
    throw new HttpError(
      300,
      postgrestError(
        'PGRST203',
        `Could not choose the best candidate function between: ${signatures.join(', ')}`,
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      ),
    );
  }
  const fn = candidates[0];
  if (!fn) {
    const sorted = [...new Set(keys)].sort();
    const listed = sorted.join(', ');
    const signature = sorted.length ? `(${listed})` : ' without parameters';
    const searched = sorted.length
      ? ` with parameter${sorted.length > 1 ? 's' : ''} ${listed}`
      : ' without parameters';
    throw new HttpError(
      404,
      postgrestError(
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name}${signature} in the schema cache`,
        `Searched for the function ${EXPOSED_SCHEMA}.${name}${searched}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      ),
    );
  }
  return fn;
}

function matchesParams(fn: FunctionInfo, keys: string[]): boolean {
  const given = new Set(keys);
  if (fn.args.length === 0) return given.size === 0;
  const required = fn.args.filter((arg) => !arg.hasDefault).map((arg) => arg.name);
  const optional = new Set(fn.args.filter((arg) => arg.hasDefault).map((arg) => arg.name));
  const rest = [...given].filter((key) => !optional.has(key));
  return rest.length === required.length && required.every((arg) => given.has(arg));
}

/** PostgREST reads character and bit parameters as their varying forms (no padding or cut). */
function recordType(type: string): string {
  return type
    .replace(/^character(\[\])?$/, 'character varying$1')
    .replace(/^bit(\[\])?$/, 'bit varying$1');
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
