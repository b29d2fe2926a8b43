import { useRef, useState } from 'react';
import type { QuoteFields } from '~/lib/admin/quotes.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isNoAnswer, newWriteKey, StaleVersionError } from '~/lib/admin/writes.ts';
import { goToLogin } from '../session.ts';
import { sendQuote, type DraftBase, type SentQuote } from './quoteData.ts';
import { failedState, problemsOf, quoteNow, sentVersion, type SaveState } from './quoteOutcomes.ts';

/**
 * The quote builder's send (issue 41): the draft is saved first, then its revision is sent with a
 * key kept for that revision, so pressing again (after any failure) is the same send and never a
 * second version. A send whose answer is lost asks the server what happened before saying anything:
 * sent is success, still a draft is "not sent, press again", no answer at all says so.
 */
export function useQuoteSend(ctx: {
  requestId: string;
  clinicId: string;
  save: () => Promise<boolean>;
  named: () => (DraftBase & { id: string }) | null;
  blocked: () => boolean;
  fields: () => QuoteFields;
  onStale: (error: StaleVersionError, sent: QuoteFields) => Promise<boolean>;
  setState: (state: SaveState) => void;
  finished: (sent: SentQuote) => Promise<void>;
}) {
  const [sending, setSending] = useState(false);
  /** The key of each send, by the draft revision it sends. */
  const keys = useRef(new Map<string, string>());

  const askWhatHappened = async (named: DraftBase & { id: string }) => {
    ctx.setState({ kind: 'checking' });
    const now = await quoteNow(ctx.requestId, ctx.clinicId);
    if (!now) {
      return ctx.setState({ kind: 'failed', message: adminText('admin.quotes.unknownOutcome') });
    }
    const sent = sentVersion(now.quote, named);
    if (sent?.sent_at) {
      return ctx.finished({
        quote_id: named.id,
        version: named.version,
        revision: named.revision,
        sent_at: sent.sent_at,
        replayed: true,
      });
    }
    ctx.setState({ kind: 'failed', message: adminText('admin.quotes.notSentSaved') });
  };

  const send = async () => {
    if (ctx.blocked()) return;
    const problem = problemsOf(ctx.fields(), true);
    if (problem) return ctx.setState(problem);
    setSending(true);
    try {
      const saved = await ctx.save();
      const named = ctx.named();
      if (!saved || !named) return;
      const attempt = `${named.id}:${named.version}:${named.revision}`;
      const key = keys.current.get(attempt) ?? newWriteKey();
      keys.current.set(attempt, key);
      try {
        await ctx.finished(await sendQuote(named.id, named, key));
      } catch (error) {
        if (isSessionError(error)) return goToLogin('expired');
        if (error instanceof StaleVersionError)
          return void (await ctx.onStale(error, ctx.fields()));
        if (isNoAnswer(error)) return await askWhatHappened(named);
        ctx.setState(failedState(error));
      }
    } finally {
      setSending(false);
    }
  };

  return { send, sending };
}
