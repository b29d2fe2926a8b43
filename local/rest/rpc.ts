import type { IncomingMessage, ServerResponse } from 'node:http';
import { quoteIdent } from '../db.ts';
import { HttpError, notImplemented, postgrestError, send } from '../http.ts';
import { socketAddress } from '../client-address.ts';
import { throughHashGate } from '../hash-gate.ts';
import type { Preferences } from '../postgrest-query.ts';
import type { RequestAuth } from '../request-auth.ts';
import { EXPOSED_SCHEMA, type FunctionInfo } from '../schema-cache.ts';
import { parseJsonBody, type ResponseShape, type RestContext } from './request.ts';
import { JSON_CONTENT, singleOf } from './response.ts';
import { asRequest } from './transaction.ts';

/**
 * /rest/v1/rpc/<name>: named arguments from a JSON body (POST) or the query string (GET/HEAD, for
 * functions that are not volatile), matched to an overload by their names as PostgREST does.
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
  const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}(${named})`;
  const sql = fn.returnsVoid
    ? `select ${call}, null::text as body`
    : fn.returnsSet
      ? `select coalesce(json_agg(${fn.returnsComposite ? 'pgrst_call' : 'pgrst_call.pgrst_scalar'}), '[]')::text as body
         from ${fn.returnsComposite ? `${call} pgrst_call` : `(select ${call} as pgrst_scalar) pgrst_call`}`
      : fn.returnsComposite
        ? `select to_json(pgrst_call)::text as body from ${call} pgrst_call`
        : `select to_json(${call})::text as body`;
  const run = () =>
    asRequest(ctx, req, url, auth, prefs, async (tx) => {
      const { rows } = await tx.query<{ body: string | null }>(
        sql,
        named ? [JSON.stringify(args)] : [],
      );
      return rows[0];
    });
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
  send(
    res,
    200,
    method === 'HEAD'
      ? null
      : shape.single && payload.startsWith('[')
        ? singleOf(payload)
        : payload,
    JSON_CONTENT,
  );
}

async function findFunction(ctx: RestContext, name: string, keys: string[]): Promise<FunctionInfo> {
  const pick = () =>
    (ctx.schema.functions.get(name) ?? []).find(
      (fn) =>
        keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
        fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
    );
  let fn = pick();
  if (!fn && (await ctx.schema.reloadIfStale(ctx.db))) fn = pick();
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
