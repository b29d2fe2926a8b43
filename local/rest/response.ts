import type { ServerResponse } from 'node:http';
import { HttpError, postgrestError, send } from '../http.ts';
import type { Preferences } from '../postgrest-query.ts';
import type { ResponseShape } from './request.ts';

/** How rows leave the database and reach the client: JSON arrays, or the one object `.single()` asks for. */

export const JSON_CONTENT = { 'Content-Type': 'application/json; charset=utf-8' };

/** Raised inside the transaction so a mutation that breaks `.single()` is rolled back. */
export class SingularityError extends Error {
  readonly rows: number;
  constructor(rows: number) {
    super('singularity');
    this.rows = rows;
  }
}

export function rowsJson(shape: ResponseShape): string {
  return shape.stripNulls ? 'json_strip_nulls(row_to_json(pgrst_row))' : 'pgrst_row';
}

/** Sends a JSON array (or the single object `.single()` asked for). */
export function sendRows(
  res: ServerResponse,
  status: number,
  body: string,
  shape: ResponseShape,
  headers: Record<string, string>,
  head = false,
): void {
  let payload = body;
  if (shape.single) {
    const rows = JSON.parse(body) as unknown[];
    if (rows.length !== 1) throw new SingularityError(rows.length);
    payload = JSON.stringify(rows[0]);
  }
  send(res, status, head ? null : payload, { ...JSON_CONTENT, ...headers });
}

export function singleOf(array: string): string {
  const rows = JSON.parse(array) as unknown[];
  if (rows.length !== 1) throw new SingularityError(rows.length);
  return JSON.stringify(rows[0]);
}

/** `Prefer: handling=strict, max-affected=n`: more affected rows is a 400 and nothing changes. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined) return;
  if (affected > prefs.maxAffected) {
    throw new HttpError(
      400,
      postgrestError(
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${affected} rows`,
      ),
    );
  }
}
