import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { missingToSend, type QuoteFields } from '~/lib/admin/quotes.ts';
import { readQuoteDraft, removeQuoteDraft, writeQuoteDraft } from '~/lib/admin/quote-drafts.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { adminQueryKeys } from '../data.ts';
import { goToLogin, rememberedUsername } from '../session.ts';
import { hintOf, quoteKeys, saveQuoteDraft, sendQuote } from './quoteData.ts';

/** How long after the last keystroke the draft goes to the database. */
export const AUTOSAVE_MS = 1200;

export type SaveState =
  | { kind: 'saved'; at: string }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string };

const knownHints = new Set([
  'clinic_not_accredited',
  'clinic_inactive',
  'quote_price_missing',
  'quote_valid_until',
  'quote_list_item',
  'no_draft',
]);

/** The coordinator's words for a refused save or send. */
export function failureText(error: unknown): string {
  const hint = hintOf(error);
  if (knownHints.has(hint)) return adminText(`admin.quotes.refused.${hint}` as AdminKey);
  if ((error as { code?: string } | null)?.code?.startsWith('22')) {
    return adminText('admin.quotes.refused.invalid');
  }
  return adminText('admin.quotes.refused.network');
}

/**
 * One quote being written: its fields (from this tab's unsaved copy, else what it opened with), on
 * disk at every keystroke and in the database as the quote's draft a moment later, and its sending.
 */
export function useQuoteEditor(options: {
  requestId: string;
  clinicId: string;
  /** The quote's id when it exists already. */
  quoteId: string | null;
  initial: QuoteFields;
  onSent: () => void;
}) {
  const { requestId, clinicId } = options;
  const queryClient = useQueryClient();
  const key = useMemo(
    () => ({ username: rememberedUsername(), requestId, clinicId }),
    [requestId, clinicId],
  );
  const [restored] = useState(() => readQuoteDraft(localStorage, key));
  const [fields, setFields] = useState<QuoteFields>(restored?.fields ?? options.initial);
  const [state, setState] = useState<SaveState>(
    restored ? { kind: 'unsaved' } : { kind: 'saved', at: '' },
  );
  const [sending, setSending] = useState(false);
  const latest = useRef(fields);
  latest.current = fields;
  const timer = useRef<number | undefined>(undefined);
  /** Typed and not yet in the database (an autosave is due, or the last one failed). */
  const pending = useRef(false);
  const quoteId = useRef(options.quoteId);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(requestId) }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) }),
    ]);

  /** Saves what is typed now; true when the database holds exactly it. */
  const save = async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    const sent = latest.current;
    setState({ kind: 'saving' });
    try {
      quoteId.current = (await saveQuoteDraft(requestId, clinicId, sent)).quote_id;
    } catch (error) {
      if (isSessionError(error)) goToLogin('expired');
      setState({ kind: 'failed', message: failureText(error) });
      return false;
    }
    const done = JSON.stringify(sent) === JSON.stringify(latest.current);
    pending.current = !done;
    if (done) removeQuoteDraft(localStorage, key);
    setState(done ? { kind: 'saved', at: new Date().toISOString() } : { kind: 'unsaved' });
    void refresh();
    if (!done) timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
    return done;
  };

  const set = (patch: Partial<QuoteFields>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setFields(next);
    writeQuoteDraft(localStorage, { ...key, fields: next, updatedAt: new Date().toISOString() });
    pending.current = true;
    setState({ kind: 'unsaved' });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
  };

  const send = async () => {
    const missing = missingToSend(latest.current);
    if (missing.length) {
      setState({
        kind: 'failed',
        message: missing.map((m) => adminText(`admin.quotes.missing.${m}` as AdminKey)).join(' '),
      });
      return;
    }
    setSending(true);
    const saved = await save();
    const id = quoteId.current;
    if (!saved || !id) {
      setSending(false);
      return;
    }
    try {
      await sendQuote(id);
      removeQuoteDraft(localStorage, key);
      toast.success(adminText('admin.quotes.sent'));
      await refresh();
      options.onSent();
    } catch (error) {
      if (isSessionError(error)) goToLogin('expired');
      setState({ kind: 'failed', message: failureText(error) });
    } finally {
      setSending(false);
    }
  };

  // A restored copy goes to the database as soon as the editor opens. Closed with typing not yet
  // saved (within the autosave's moment), the editor saves it on its way out.
  useEffect(() => {
    if (restored) void save();
    return () => {
      window.clearTimeout(timer.current);
      if (pending.current) void save();
    };
  }, []);

  return { fields, set, save, send, state, sending, restored: Boolean(restored) };
}
