import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PgError } from './db.ts';

/**
 * HTTP plumbing shared by the local server's services: CORS (listed explicitly, as browsers reject a
 * wildcard for credentialed headers), bounded body reading, and error bodies in the shape each
 * Supabase service uses.
 */

/** Request headers supabase-js sends cross-origin (plus content-type and retry markers). */
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'content-profile',
  'accept-profile',
  'range',
  'range-unit',
  'x-retry-count',
  'x-region',
].join(', ');

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
  'Access-Control-Expose-Headers': 'content-range, content-profile, x-supabase-api-version',
  'Access-Control-Max-Age': '86400',
};

/**
 * The largest body an RPC call may send. No function this project exposes takes more than a few
 * kilobytes (the biggest, bulk_update_requests, about 40 KB for 500 requests), while a 1 MB
 * argument to a text function held the single-threaded embedded database for a second per call:
 * anyone with the public key could make every patient's lead insert wait. Table writes keep the
 * server's general limit.
 */
export const MAX_RPC_BODY_BYTES = 64 * 1024;

/** The body limit for a request path: RPC calls get MAX_RPC_BODY_BYTES, the rest `general`. */
export function bodyLimitFor(path: string, general: number): number {
  return path.startsWith('/rest/v1/rpc/') ? Math.min(general, MAX_RPC_BODY_BYTES) : general;
}

export class BodyTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body exceeds ${limit} bytes`);
    this.limit = limit;
  }
}

export class ClientGone extends Error {}

/**
 * Reads a request body up to `limit` bytes. Past the limit it stops buffering and lets the rest
 * drain, so the 413 answer still reaches a client that is busy uploading.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.resume();
        finish(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new ClientGone('client aborted the request'));
    const onClose = () => {
      if (!req.complete) finish(new ClientGone('client closed the connection mid-request'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Writes a response unless the client is already gone. */
export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.statusCode = status;
  res.end(body ?? undefined);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** The error body PostgREST answers with. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export function postgrestError(
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): PostgrestErrorBody {
  return { code, message, details, hint };
}

/** An error that already knows its HTTP status and body. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(
      typeof body === 'object' && body && 'message' in body
        ? String(body.message)
        : `HTTP ${status}`,
    );
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** A clear 501 for any part of the Supabase API the local stand-in does not implement. */
export function notImplemented(what: string): HttpError {
  return new HttpError(
    501,
    postgrestError(
      'LOCAL501',
      `Not implemented by the local Supabase stand-in: ${what}`,
      null,
      'The local server implements the subset the site uses; see docs/local-stack.md. Use `supabase start` for the full API.',
    ),
  );
}

/**
 * PostgREST's SQLSTATE → HTTP status table (PostgREST.Error.mapSQLtoHTTP), so clients see the same
 * statuses locally and in production. `PTxyz` codes answer HTTP xyz.
 */
export function httpStatusForSqlState(code: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '42501') return authenticated ? 403 : 401;
  if (code in exact) return exact[code] as number;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

export function postgrestErrorFromPg(error: PgError): PostgrestErrorBody {
  return postgrestError(error.code, error.message, error.detail ?? null, error.hint ?? null);
}
