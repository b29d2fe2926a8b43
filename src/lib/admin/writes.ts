/**
 * The back office's one write protocol (issue 41; docs/admin.md "How staff writes are kept safe"):
 * every change names the version it was made on, and the database refuses a stale one with one
 * error (PT409, hint stale_version, who changed it and when in the detail: private.refuse_stale in
 * supabase/migrations/20261202100000_staff_write_protocol.sql), read here as StaleVersionError; a
 * send or another one-off action carries an idempotency key (newWriteKey), kept by the screen
 * until it knows the outcome, so a repeat is the same action and is answered with what the server
 * holds. staffWrite calls a function and turns its failure into one of three kinds: stale
 * (StaleVersionError), refused for a rule (WriteRefusedError, worded by ./refusals.ts), or no
 * answer at all (NoAnswerError: only then may a screen say it could not reach the server).
 */
import type { Database } from '../database.types.ts';
import { supabase } from '../supabase.ts';
import { AdminDataError } from './query.ts';

/** The row changed since the screen opened it; nothing was saved. */
export class StaleVersionError extends Error {
  /** Its version now (a request's version, a quote draft's version). */
  readonly currentVersion: number;
  /** Who changed it last (a username), when known. */
  readonly by: string | null;
  /** When, as an ISO time, when known. */
  readonly at: string | null;
  /** The rest of the database's detail (a draft's revision, its state: draft, sent, gone). */
  readonly detail: Readonly<Record<string, unknown>>;

  constructor(currentVersion: number, detail: Record<string, unknown> = {}) {
    super(`changed since it was opened (now version ${currentVersion})`);
    this.name = 'StaleVersionError';
    this.currentVersion = currentVersion;
    this.by = typeof detail['by'] === 'string' ? detail['by'] : null;
    this.at = typeof detail['at'] === 'string' ? detail['at'] : null;
    this.detail = detail;
  }
}

/** The database answered and refused the write for a rule (a check, a bound, a state). */
export class WriteRefusedError extends AdminDataError {
  readonly hint: string;
  /** The CHECK or UNIQUE constraint named in the refusal, or ''. */
  readonly constraint: string;
  readonly detail: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    status: number,
    code: string,
    hint: string,
    detail: Record<string, unknown> = {},
  ) {
    super(message, status, code);
    this.name = 'WriteRefusedError';
    this.hint = hint;
    this.constraint = /constraint "([^"]+)"/.exec(message)?.[1] ?? '';
    this.detail = detail;
  }
}

/** Nothing answered (no connection, a cut reply, a server that is down): the outcome is unknown. */
export class NoAnswerError extends AdminDataError {
  constructor(message: string, status = 0) {
    super(message, status, '');
    this.name = 'NoAnswerError';
  }
}

interface RawError {
  message: string;
  code?: string;
  hint?: string | null;
  details?: string | null;
}

function parseDetail(details: string | null | undefined): Record<string, unknown> {
  if (!details) return {};
  try {
    const value: unknown = JSON.parse(details);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A failed call as one of the protocol's errors. No SQLSTATE and a status of 0 or a gateway's
 * (502–504) is "no answer"; PT409 stale_version is stale; the rest is a refusal (a 401/403 or
 * 42501 stays an AdminDataError the session guard knows, via isSessionError).
 */
export function writeError(error: RawError, status: number): Error {
  const code = error.code ?? '';
  if (!code && (status === 0 || status >= 502)) return new NoAnswerError(error.message, status);
  const detail = parseDetail(error.details);
  if (error.hint === 'stale_version') {
    const version = Number(detail['version'] ?? error.details);
    return new StaleVersionError(Number.isFinite(version) ? version : 0, detail);
  }
  return new WriteRefusedError(error.message, status, code, error.hint ?? '', detail);
}

/** Whether nothing answered the call (a save may still have happened: ask the server). */
export function isNoAnswer(error: unknown): boolean {
  return (
    error instanceof NoAnswerError ||
    error instanceof TypeError ||
    (error instanceof AdminDataError && !error.code && (error.status === 0 || error.status >= 502))
  );
}

type Functions = Database['public']['Functions'];

/** Calls a staff function; a failure is thrown as StaleVersionError, WriteRefusedError or NoAnswerError. */
export async function staffWrite<Name extends keyof Functions & string>(
  name: Name,
  args: Functions[Name]['Args'],
): Promise<Functions[Name]['Returns']> {
  let answer;
  try {
    answer = await supabase.rpc(name, args);
  } catch (error) {
    throw new NoAnswerError(error instanceof Error ? error.message : String(error));
  }
  const { data, error, status } = answer;
  if (error) throw writeError(error, status);
  return data;
}

/** A new idempotency key for one action (kept until the screen knows what became of it). */
export function newWriteKey(): string {
  return crypto.randomUUID();
}

type KeyedAction = {
  [Name in keyof Functions & string]: Functions[Name]['Args'] extends { _idempotency_key?: unknown }
    ? Name
    : never;
}[keyof Functions & string];

type ActionArgs<Name extends KeyedAction> = Omit<Functions[Name]['Args'], '_idempotency_key'>;

/** The keys of actions whose outcome this tab does not know yet, by action and arguments. */
const pendingKeys = new Map<string, string>();

/**
 * Does a one-off action (a function taking `_idempotency_key`) under the write protocol. The key
 * is the same for the same action with the same arguments until this tab knows its outcome: a
 * press again after no answer (a lost reply) is the same action, and the server answers with what
 * it did the first time; an answer or a refusal settles it, and the next press is a new action.
 * `key`: the caller's own key instead (a record kept with its notice, a retry of exactly it).
 */
export async function staffAction<Name extends KeyedAction>(
  name: Name,
  args: ActionArgs<Name>,
  key?: string,
): Promise<Functions[Name]['Returns']> {
  const scope = `${name}:${JSON.stringify(args)}`;
  const idempotencyKey = key ?? pendingKeys.get(scope) ?? newWriteKey();
  if (!key) pendingKeys.set(scope, idempotencyKey);
  try {
    const data = await staffWrite(name, {
      ...args,
      _idempotency_key: idempotencyKey,
    } as Functions[Name]['Args']);
    if (!key) pendingKeys.delete(scope);
    return data;
  } catch (error) {
    if (!key && !isNoAnswer(error)) pendingKeys.delete(scope);
    throw error;
  }
}
