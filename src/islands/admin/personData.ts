/**
 * The back office's calls about a person (issue 26): a contact correction at the version the
 * coordinator saw, a request staff enter, the person view, merge and undo. Security-definer RPCs
 * (supabase/migrations/20261126110000–20261126110200); the database checks staff rights.
 */
import type { entryRequest } from '~/lib/admin/entry.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { staffAction, StaleVersionError } from '~/lib/admin/writes.ts';
import type { Json } from '~/lib/database.types.ts';
import { supabase } from '~/lib/supabase.ts';

/** Contact details as corrected: any of them; a phone always comes with its country code. */
export interface ContactChanges {
  name?: string;
  phone?: string;
  country_code?: string;
  country?: string | null;
  email?: string | null;
}

/** A request staff enter (public.enter_request), as src/lib/admin/entry.ts builds it. */
export type RequestEntry = ReturnType<typeof entryRequest>;

/** A request as the person view lists it. */
export interface PersonRequest {
  id: string;
  name: string;
  phone: string;
  country_code: string | null;
  phone_key: string | null;
  person_id: string | null;
  status: ContactRequest['status'];
  service: string;
  created_at: string;
  version: number;
}

export interface PersonView {
  person: PersonRequest[];
  possible: PersonRequest[];
}

function failure(error: { message: string; code: string }, status: number): AdminDataError {
  return new AdminDataError(error.message, status, error.code);
}

export async function correctContact(
  id: string,
  expectedVersion: number,
  changes: ContactChanges,
): Promise<ContactRequest> {
  const { data, error, status } = await supabase.rpc('correct_request_contact', {
    _id: id,
    _expected_version: expectedVersion,
    _changes: changes as Json,
  });
  if (error) {
    if (error.code === 'PT409') throw new StaleVersionError(Number(error.details) || 0);
    throw failure(error, status);
  }
  return data as ContactRequest;
}

export async function enterRequest(entry: RequestEntry): Promise<ContactRequest> {
  const { data, error, status } = await supabase.rpc('enter_request', {
    _request: entry as unknown as Json,
  });
  if (error) throw failure(error, status);
  return data as ContactRequest;
}

export async function fetchPerson(id: string): Promise<PersonView> {
  const { data, error, status } = await supabase.rpc('person_requests', { _id: id });
  if (error) throw failure(error, status);
  return data as unknown as PersonView;
}

/** Makes two requests one person (one action under the write protocol: staffAction). */
export async function mergeRequests(id: string, other: string): Promise<void> {
  await staffAction('merge_requests', { _id: id, _other: other });
}

/** Undoes the last merge (one action: pressed again after no answer, nothing is undone twice). */
export async function undoMerge(id: string): Promise<void> {
  await staffAction('undo_merge', { _id: id });
}
