import type { IncomingMessage, ServerResponse } from 'node:http';
import { quoteIdent } from '../db.ts';
import { HttpError, notImplemented, postgrestError, send } from '../http.ts';
import { socketAddress } from '../client-address.ts';
import { throughHashGate } from '../hash-gate.ts';
import type { Preferences } from '../postgrest-query.ts';
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
  let args: Record<string, unknown>;
  if (method === 'POST') {
    const parsed = body.length === 0 ? {} : parseJsonBody(req, body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw notImplemented(
        'rpc with a single unnamed parameter (send a JSON object of named arguments)',
      );
    }
    args = parsed as Record<string, unknown>;
    const extra = [...url.searchParams.keys()].filter((key) => key !== 'apikey');
    if (extra.length)
      throw notImplemented(`filters or modifiers on rpc results (${extra.join(', ')})`);
  } else if (method === 'GET' || method === 'HEAD') {
    args = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'apikey'));
  } else {
    throw new HttpError(405, postgrestError('PGRST101', `Cannot use the ${method} method on RPC`));
  }
  const keys = Object.keys(args);
  const fn = await findFunction(ctx, name, keys);
  if (!fn.supported)
    throw notImplemented(`calling ${name}: OUT/INOUT/VARIADIC or unnamed parameters`);
  if ((method === 'GET' || method === 'HEAD') && fn.volatile) {
    throw new HttpError(405, postgrestError('PGRST101', `Cannot use the ${method} method on RPC`));
  }
  const named = fn.args
    .filter((arg) => arg.name in args)
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
  // A set is run once (materialized), capped at max_rows and counted whole, as PostgREST does.
  const cap = ctx.maxRows === undefined ? '' : `limit ${ctx.maxRows}`;
  const sql = fn.returnsVoid
    ? `select ${call}, null::text as body`
    : fn.returnsSet
      ? `with pgrst_call as materialized (
           select ${fn.returnsComposite ? `* from ${call}` : `${call} as pgrst_scalar`}
         )
         select (select coalesce(json_agg(${fn.returnsComposite ? 'pgrst_page' : 'pgrst_page.pgrst_scalar'}), '[]')::text
                 from (select * from pgrst_call ${cap}) pgrst_page) as body,
           (select count(*)::int from pgrst_call) as total`
      : fn.returnsComposite
        ? `select to_json(pgrst_call)::text as body from ${call} pgrst_call`
        : `select to_json(${call})::text as body`;
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
        const { rows } = await tx.query<{ body: string | null; total?: number }>(
          sql,
          named ? [JSON.stringify(args)] : [],
        );
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
  if (fn.returnsVoid) {
    send(res, 204, null);
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

async function findFunction(ctx: RestContext, name: string, keys: string[]): Promise<FunctionInfo> {
  const pick = () =>
    (ctx.schema.functions.get(name) ?? []).filter(
      (fn) =>
        keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
        fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
    );
  let candidates = pick();
  if (candidates.length === 0 && (await ctx.schema.reloadIfStale(ctx.db))) candidates = pick();
  if (candidates.length > 1) {
    // PostgREST will not guess between overloads the same arguments fit (PGRST203, 300).
    const signatures = candidates.map(
      (fn) =>
        `${EXPOSED_SCHEMA}.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`,
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
    const signature = keys.length ? `(${[...keys].sort().join(', ')})` : ' without parameters';
    throw new HttpError(
      404,
      postgrestError(
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name}${signature} in the schema cache`,
        `Searched for the function ${EXPOSED_SCHEMA}.${name}${keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${[...keys].sort().join(', ')}` : ' without parameters'}, but no matches were found in the schema cache.`,
      ),
    );
  }
  return fn;
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
