import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { QuoteFields } from '~/lib/admin/quotes.ts';
import { readQuoteDraft, removeQuoteDraft, writeQuoteDraft } from '~/lib/admin/quote-drafts.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { adminQueryKeys } from '../data.ts';
import { currentTab } from '../dialog/tabs.ts';
import { goToLogin, rememberedUsername } from '../session.ts';
import { quoteKeys, saveQuoteDraft, type DraftBase, type SentQuote } from './quoteData.ts';
import {
  failedState,
  problemsOf,
  quoteNow,
  readStale,
  type QuoteConflict,
  type SaveState,
} from './quoteOutcomes.ts';
import { useQuoteSend } from './useQuoteSend.ts';

export type { QuoteConflict, SaveState } from './quoteOutcomes.ts';

/** How long after the last keystroke the draft goes to the database. */
export const AUTOSAVE_MS = 1200;

export interface EditorOptions {
  requestId: string;
  clinicId: string;
  /** The quote's id when it exists already. */
  quoteId: string | null;
  initial: QuoteFields;
  /** The draft it opened (null: it starts a new draft: a new quote, or a correction). */
  base: DraftBase | null;
  onSent: () => void;
}

/**
 * One quote being written, by the staff write protocol (~/lib/admin/writes.ts): its fields (from
 * this tab's unsaved copy, else what it opened with) are on disk at every keystroke and saved a
 * moment later over the draft revision this editor opened; a colleague's save, send or discard
 * since is not overwritten but shown as a conflict (re-apply mine, take theirs). Sending is
 * useQuoteSend.ts.
 */
// The save, the conflict and the local copy share their refs; sending is split out (useQuoteSend).
// eslint-disable-next-line max-lines-per-function
export function useQuoteEditor(options: EditorOptions) {
  const { requestId, clinicId } = options;
  const queryClient = useQueryClient();
  const key = useMemo(
    () => ({ username: rememberedUsername(), requestId, clinicId, tab: currentTab() }),
    [requestId, clinicId],
  );
  const [restored] = useState(() => readQuoteDraft(localStorage, key));
  const [fields, setFields] = useState<QuoteFields>(restored?.fields ?? options.initial);
  const [state, setState] = useState<SaveState>(
    restored ? { kind: 'unsaved' } : { kind: 'saved', at: '' },
  );
  const [conflict, setConflict] = useState<QuoteConflict | null>(null);
  const opened = restored ? restored.base : options.base;
  const [version, setVersion] = useState<number | null>(opened?.version ?? null);
  const latest = useRef(fields);
  latest.current = fields;
  const base = useRef<DraftBase | null>(opened);
  const timer = useRef<number | undefined>(undefined);
  /** Typed and not yet in the database (an autosave is due, or the last one failed). */
  const pending = useRef(false);
  const quoteId = useRef(options.quoteId);
  const inConflict = useRef(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(requestId) }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) }),
    ]);
  const keep = (next: QuoteFields) =>
    writeQuoteDraft(localStorage, {
      ...key,
      base: base.current,
      fields: next,
      updatedAt: new Date().toISOString(),
    });
  const adopt = (next: DraftBase & { quoteId?: string }) => {
    base.current = { version: next.version, revision: next.revision };
    if (next.quoteId) quoteId.current = next.quoteId;
    setVersion(next.version);
  };

  /** A stale refusal: our own lost save carries on (true), anything else shows the conflict. */
  const onStale = async (error: StaleVersionError, sent: QuoteFields): Promise<boolean> => {
    const read = readStale(error, sent, (await quoteNow(requestId, clinicId))?.quote ?? null);
    if ('ours' in read) {
      adopt(read.ours);
      return true;
    }
    inConflict.current = true;
    setConflict(read.conflict);
    setState({ kind: 'failed', message: refusalText(error) });
    return false;
  };

  /** Saves what is typed now; true when the database holds exactly it. */
  const save = async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (inConflict.current) return false;
    const sent = latest.current;
    const problem = problemsOf(sent, false);
    if (problem) return (setState(problem), false);
    setState({ kind: 'saving' });
    try {
      const saved = await saveQuoteDraft(requestId, clinicId, base.current, sent);
      adopt({ ...saved, quoteId: saved.quote_id });
    } catch (error) {
      if (isSessionError(error)) goToLogin('expired');
      if (!(error instanceof StaleVersionError)) return (setState(failedState(error)), false);
      if (!(await onStale(error, sent))) return false;
    }
    const done = JSON.stringify(sent) === JSON.stringify(latest.current);
    pending.current = !done;
    if (done) removeQuoteDraft(localStorage, key);
    else keep(latest.current);
    setState(done ? { kind: 'saved', at: new Date().toISOString() } : { kind: 'unsaved' });
    void refresh();
    if (!done) timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
    return done;
  };

  const set = (patch: Partial<QuoteFields>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setFields(next);
    keep(next);
    pending.current = true;
    if (inConflict.current) return;
    setState({ kind: 'unsaved' });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
  };

  const finished = async (sent: SentQuote) => {
    removeQuoteDraft(localStorage, key);
    pending.current = false;
    toast.success(
      sent.replayed
        ? adminText('admin.quotes.sentAlready', { version: sent.version })
        : adminText('admin.quotes.sent'),
    );
    await refresh();
    options.onSent();
  };

  const sender = useQuoteSend({
    requestId,
    clinicId,
    save,
    named: () =>
      quoteId.current && base.current ? { id: quoteId.current, ...base.current } : null,
    blocked: () => inConflict.current,
    fields: () => latest.current,
    onStale,
    setState,
    finished,
  });

  /** The conflict's answers: mine again on top of theirs, or theirs instead of mine. */
  const resolve = (choice: 'mine' | 'theirs') => {
    const seen = conflict;
    if (!seen) return;
    inConflict.current = false;
    setConflict(null);
    base.current = seen.theirsBase;
    setVersion(seen.theirsBase?.version ?? null);
    if (choice === 'mine') return void (keep(latest.current), save());
    removeQuoteDraft(localStorage, key);
    pending.current = false;
    if (!seen.theirs) return options.onSent();
    latest.current = seen.theirs;
    setFields(seen.theirs);
    setState({ kind: 'saved', at: seen.at ?? '' });
  };

  // A restored copy goes to the database as soon as the editor opens. Closed with typing not yet
  // saved (within the autosave's moment), the editor saves it on its way out.
  useEffect(() => {
    if (restored) void save();
    return () => {
      window.clearTimeout(timer.current);
      if (pending.current && !inConflict.current) void save();
    };
  }, []);

  return {
    fields,
    set,
    save,
    ...sender,
    state,
    conflict,
    resolve,
    version,
    restored: Boolean(restored),
  };
}
