import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import {
  draftOf,
  latestSent,
  type QuoteStatus,
  type QuoteVersion,
  type RequestQuote,
} from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { formatMoney } from '~/lib/quotes/compare.ts';
import { adminQueryKeys } from '../data.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { UserText } from '../parts.tsx';
import { refusalText } from '~/lib/admin/refusals.ts';
import { newWriteKey } from '~/lib/admin/writes.ts';
import {
  discardQuoteDraft,
  quoteKeys,
  sendQuote,
  setQuoteStatus,
  type DraftBase,
} from './quoteData.ts';

const statusTone: Record<QuoteStatus, string> = {
  draft: 'bg-sand-100 text-ink',
  sent: 'bg-saffron-100 text-ink',
  chosen: 'bg-teal-700 text-white',
  declined: 'bg-sand-200 text-muted',
  expired: 'bg-offer-50 text-offer-700',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      data-quote-status={status}
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[status]}`}
    >
      {adminText(`admin.quotes.status.${status}`)}
    </span>
  );
}

/**
 * Sends the draft shown (its version and revision, one key per revision so a second press or a
 * retry is the same send), throws it away, or records the patient's decision on the status and
 * version the card shows (a quote that moved on since is refused as stale); then reloads.
 */
function useQuoteAction(
  quoteId: string,
  requestId: string,
  draft: DraftBase | null,
  seen: { status: string; version: number } | null,
) {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const keyOf = (base: DraftBase) => {
    const name = `${base.version}:${base.revision}`;
    const key = keys.current.get(name) ?? newWriteKey();
    keys.current.set(name, key);
    return key;
  };
  return useMutation({
    mutationFn: async (action: 'send' | 'discard' | 'chosen' | 'declined' | 'sent') => {
      if (action === 'send' || action === 'discard') {
        if (!draft) return;
        return action === 'send'
          ? void (await sendQuote(quoteId, draft, keyOf(draft)))
          : discardQuoteDraft(quoteId, draft);
      }
      if (!seen) return;
      return setQuoteStatus(quoteId, action, seen);
    },
    onSuccess: async (_, action) => {
      toast.success(adminText(action === 'send' ? 'admin.quotes.sent' : 'admin.quotes.updated'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(requestId) }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) }),
      ]);
    },
    onError: async (error) => {
      reportFailure(error, refusalText(error));
      // What the database holds now (a colleague's save, a send that did go through).
      await queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(requestId) });
    },
  });
}

/** One clinic's quote in the dialog: its state, the version the patient sees, and what to do. */
export function QuoteCard({
  quote,
  requestId,
  busy,
  onEdit,
}: {
  quote: RequestQuote;
  requestId: string;
  busy: boolean;
  onEdit: () => void;
}) {
  const draft = draftOf(quote);
  const sent = latestSent(quote);
  const act = useQuoteAction(
    quote.id,
    requestId,
    draft && { version: draft.version, revision: draft.revision },
    sent && { status: quote.status, version: sent.version },
  );
  const disabled = busy || act.isPending;
  const small = 'min-h-9 px-3 py-1 text-sm';
  return (
    <li
      className="rounded-xl border border-sand-200 p-3"
      data-testid="quote-card"
      data-clinic={quote.clinic.slug}
    >
      <div className="flex flex-wrap items-center gap-2">
        <UserText className="font-bold">{quote.clinic.name_ar}</UserText>
        <QuoteStatusBadge status={quote.status} />
        {!quote.clinic.accredited && (
          <span className="text-xs font-semibold text-offer-700">
            {adminText('admin.quotes.lapsed')}
          </span>
        )}
      </div>
      {sent && (
        <p className="mt-1 text-sm" data-testid="quote-sent-version">
          {adminText('admin.quotes.sentVersion', {
            version: sent.version,
            price: formatMoney(Number(sent.price), sent.currency),
            time: formatRequestDate(sent.sent_at ?? ''),
            by: sent.sent_by_name ?? adminText('admin.team.system'),
          })}
          {quote.status === 'chosen' &&
            ` · ${adminText('admin.quotes.chosenVersion', { version: quote.chosen_version ?? '' })}`}
        </p>
      )}
      {draft && <DraftLine draft={draft} />}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={`btn btn-ghost ${small}`}
          disabled={disabled}
          onClick={onEdit}
        >
          {adminText(draft ? 'admin.quotes.editDraft' : 'admin.quotes.correct')}
        </button>
        {draft && (
          <>
            <button
              type="button"
              className={`btn btn-primary ${small}`}
              disabled={disabled}
              onClick={() => act.mutate('send')}
            >
              {adminText('admin.quotes.sendDraft', { version: draft.version })}
            </button>
            <button
              type="button"
              className={`${small} underline`}
              disabled={disabled}
              onClick={() => {
                if (window.confirm(adminText('admin.quotes.discardConfirm'))) act.mutate('discard');
              }}
            >
              {adminText('admin.quotes.discard')}
            </button>
          </>
        )}
        {sent && quote.status !== 'chosen' && (
          <button
            type="button"
            className={`${small} underline`}
            disabled={disabled}
            onClick={() => act.mutate('chosen')}
          >
            {adminText('admin.quotes.markChosen')}
          </button>
        )}
        {sent && quote.status !== 'declined' && quote.status !== 'chosen' && (
          <button
            type="button"
            className={`${small} underline`}
            disabled={disabled}
            onClick={() => act.mutate('declined')}
          >
            {adminText('admin.quotes.markDeclined')}
          </button>
        )}
        {(quote.status === 'chosen' || quote.status === 'declined') && (
          <button
            type="button"
            className={`${small} underline`}
            disabled={disabled}
            onClick={() => act.mutate('sent')}
          >
            {adminText('admin.quotes.undoDecision')}
          </button>
        )}
      </div>
      <QuoteVersions quote={quote} />
    </li>
  );
}

/** The unsent draft: its version, who is writing it and when they last saved. */
function DraftLine({ draft }: { draft: QuoteVersion }) {
  return (
    <p className="mt-1 text-sm text-offer-700" data-testid="quote-draft-line">
      {adminText('admin.quotes.draftVersion', { version: draft.version })}
      {draft.updated_by_name &&
        ` · ${adminText('admin.quotes.writer', {
          name: draft.updated_by_name,
          time: formatRequestDate(draft.updated_at),
        })}`}
    </p>
  );
}

/** Every version the patient was sent, newest first. */
function QuoteVersions({ quote }: { quote: RequestQuote }) {
  const sent = quote.versions.filter((v) => v.sent_at);
  if (!sent.length) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted">{adminText('admin.quotes.versions')}</summary>
      <ol className="mt-1 space-y-1">
        {sent.map((v) => (
          <li key={v.version}>
            {adminText('admin.quotes.sentVersion', {
              version: v.version,
              price: formatMoney(Number(v.price), v.currency),
              time: formatRequestDate(v.sent_at ?? ''),
              by: v.sent_by_name ?? adminText('admin.team.system'),
            })}
          </li>
        ))}
      </ol>
    </details>
  );
}
