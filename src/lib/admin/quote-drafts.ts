/**
 * What a coordinator types into a quote, kept in localStorage until the database holds it as the
 * quote's draft (the builder saves a draft a moment after typing stops): a closed tab, a lost
 * connection or an ended session loses nothing. Keyed by account, request, clinic and browser tab,
 * like the request dialog's drafts (./drafts.ts): one coordinator in two tabs keeps two copies, and
 * each saves over the draft revision it opened (`base`), so neither overwrites the other unseen.
 * Signing out removes the account's (src/islands/admin/signOut.ts). Pure over a Storage, tested in
 * tests/unit/admin-quotes.test.ts.
 */
import type { DraftStorage } from './drafts.ts';
import type { QuoteFields } from './quotes.ts';

export const QUOTE_DRAFT_PREFIX = 'rihla.admin.quote.';

export interface QuoteDraft {
  username: string | null;
  requestId: string;
  clinicId: string;
  /** The browser tab that typed it (./drafts.ts tabIdIn); '' for copies kept before tabs. */
  tab: string;
  /** The draft revision it was typed on (null: a new draft), which its save names. */
  base: { version: number; revision: number } | null;
  fields: QuoteFields;
  updatedAt: string;
}

type Key = Pick<QuoteDraft, 'username' | 'requestId' | 'clinicId' | 'tab'>;

export function quoteDraftKey(key: Key): string {
  return `${QUOTE_DRAFT_PREFIX}${encodeURIComponent(key.username ?? '')}.${key.requestId}.${key.clinicId}.${key.tab}`;
}

export function readQuoteDraft(storage: DraftStorage, key: Key): QuoteDraft | null {
  try {
    const raw = storage.getItem(quoteDraftKey(key));
    if (!raw) return null;
    const draft = JSON.parse(raw) as QuoteDraft;
    return draft.fields && draft.requestId === key.requestId ? withDefaults(draft) : null;
  } catch {
    return null;
  }
}

export function writeQuoteDraft(storage: DraftStorage, draft: QuoteDraft): void {
  try {
    storage.setItem(quoteDraftKey(draft), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the builder still says the quote is not saved yet.
  }
}

export function removeQuoteDraft(storage: DraftStorage, key: Key): void {
  try {
    storage.removeItem(quoteDraftKey(key));
  } catch {
    // Nothing stored.
  }
}

/** A copy as stored, with what older copies lack. */
function withDefaults(draft: QuoteDraft): QuoteDraft {
  return { ...draft, tab: draft.tab ?? '', base: draft.base ?? null };
}

/** The quote copies whose keys start with `prefix`. */
function draftsUnder(storage: DraftStorage, prefix: string): QuoteDraft[] {
  const found: QuoteDraft[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const draft = JSON.parse(storage.getItem(key) ?? 'null') as QuoteDraft | null;
      if (draft?.fields && draft.requestId && draft.clinicId) found.push(withDefaults(draft));
    }
  } catch {
    // Storage blocked.
  }
  return found;
}

/** This account's unsaved quotes of a request, from every tab, newest first. */
export function quoteDraftsOf(
  storage: DraftStorage,
  requestId: string,
  username: string | null,
): QuoteDraft[] {
  const prefix = `${QUOTE_DRAFT_PREFIX}${encodeURIComponent(username ?? '')}.${requestId}.`;
  return draftsUnder(storage, prefix).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Every unsaved quote of `username`, of any request (what signing out must save first). */
export function allQuoteDrafts(storage: DraftStorage, username: string | null): QuoteDraft[] {
  return draftsUnder(storage, `${QUOTE_DRAFT_PREFIX}${encodeURIComponent(username ?? '')}.`);
}

/** Removes every unsaved quote of `username` (signing out); returns how many went. */
export function removeQuoteDrafts(storage: DraftStorage, username: string | null): number {
  const prefix = `${QUOTE_DRAFT_PREFIX}${encodeURIComponent(username ?? '')}.`;
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage blocked: nothing kept there.
  }
  return keys.length;
}
