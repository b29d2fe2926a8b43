/**
 * The quote builder's readings of what happened (issue 41): the words of a failed save or send by
 * the one refusal map, the limits checked before anything goes out, the conflict of a stale draft,
 * and what the database holds after a send whose answer was lost. Used by useQuoteEditor.ts.
 */
import {
  draftOf,
  fieldsOf,
  missingToSend,
  sameContent,
  type QuoteFields,
  type RequestQuote,
} from '~/lib/admin/quotes.ts';
import { quoteLimitProblems } from '~/lib/admin/quote-limits.ts';
import { refusalOf, refusalText } from '~/lib/admin/refusals.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { isNoAnswer, type StaleVersionError } from '~/lib/admin/writes.ts';
import { fetchRequestQuotes, type DraftBase } from './quoteData.ts';

export type SaveState =
  | { kind: 'saved'; at: string }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'checking' }
  | { kind: 'failed'; message: string; field?: string | null };

/**
 * A save or send refused because the draft moved on: what the coordinator typed beside what the
 * database holds now (null when the draft was sent or thrown away), who did it and when.
 */
export interface QuoteConflict {
  mine: QuoteFields;
  theirs: QuoteFields | null;
  theirsBase: DraftBase | null;
  state: 'draft' | 'sent' | 'gone';
  by: string | null;
  at: string | null;
}

/** The words for a failed save or send (never "could not reach the server" for a refusal). */
export function failedState(error: unknown): SaveState {
  if (isNoAnswer(error)) return { kind: 'failed', message: adminText('admin.quotes.noAnswer') };
  return { kind: 'failed', message: refusalText(error), field: refusalOf(error).field };
}

/** What keeps the fields from being saved (or sent), checked before anything goes out. */
export function problemsOf(fields: QuoteFields, sending: boolean): SaveState | null {
  const limits = Object.entries(quoteLimitProblems(fields));
  const missing = sending ? missingToSend(fields) : [];
  if (!limits.length && !missing.length) return null;
  const texts = [
    ...limits.map(([, rule]) => adminText(`admin.writes.rule.${rule}` as AdminKey)),
    ...missing.map((m) => adminText(`admin.quotes.missing.${m}` as AdminKey)),
  ];
  return {
    kind: 'failed',
    message: texts.join(' '),
    field: limits[0]?.[0] ?? (missing[0] === 'price' ? 'price' : 'valid_until'),
  };
}

/** The quote of `clinicId` as the database holds it now; null when it could not be read. */
export async function quoteNow(
  requestId: string,
  clinicId: string,
): Promise<{ quote: RequestQuote | null } | null> {
  try {
    const quotes = await fetchRequestQuotes(requestId);
    return { quote: quotes.find((quote) => quote.clinic.id === clinicId) ?? null };
  } catch {
    return null;
  }
}

/**
 * A stale refusal read against the quote now: `ours` when the draft holds exactly what was sent
 * (this editor's own save whose answer was lost: carry on from its revision), else the conflict.
 */
export function readStale(
  error: StaleVersionError,
  sent: QuoteFields,
  quote: RequestQuote | null,
): { ours: DraftBase & { quoteId: string } } | { conflict: QuoteConflict } {
  const draft = quote ? draftOf(quote) : null;
  if (quote && draft && sameContent(fieldsOf(draft), sent)) {
    return { ours: { version: draft.version, revision: draft.revision, quoteId: quote.id } };
  }
  const state = (error.detail['state'] as QuoteConflict['state'] | undefined) ?? 'draft';
  return {
    conflict: {
      mine: sent,
      theirs: draft ? fieldsOf(draft) : null,
      theirsBase: draft ? { version: draft.version, revision: draft.revision } : null,
      state: draft ? 'draft' : state === 'draft' ? 'gone' : state,
      by: draft?.updated_by_name ?? error.by,
      at: draft?.updated_at ?? error.at,
    },
  };
}

/** After a send whose answer was lost: whether the revision `named` is the one the patient has. */
export function sentVersion(quote: RequestQuote | null, named: DraftBase) {
  const version = quote?.versions.find((v) => v.version === named.version);
  return version?.sent_at && version.revision === named.revision ? version : null;
}
