import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { draftOf, latestSent, type QuoteStatus, type RequestQuote } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { formatMoney } from '~/lib/quotes/compare.ts';
import { adminQueryKeys } from '../data.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { UserText } from '../parts.tsx';
import { discardQuoteDraft, quoteKeys, sendQuote, setQuoteStatus } from './quoteData.ts';
import { failureText } from './useQuoteEditor.ts';

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

/** Sends a draft, throws it away, or records the patient's decision; then reloads. */
function useQuoteAction(quoteId: string, requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'send' | 'discard' | 'chosen' | 'declined' | 'sent') =>
      action === 'send'
        ? sendQuote(quoteId)
        : action === 'discard'
          ? discardQuoteDraft(quoteId)
          : setQuoteStatus(quoteId, action),
    onSuccess: async (_, action) => {
      toast.success(adminText(action === 'send' ? 'admin.quotes.sent' : 'admin.quotes.updated'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(requestId) }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(requestId) }),
      ]);
    },
    onError: (error) => reportFailure(error, failureText(error)),
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
  const act = useQuoteAction(quote.id, requestId);
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
      {draft && (
        <p className="mt-1 text-sm text-offer-700">
          {adminText('admin.quotes.draftVersion', { version: draft.version })}
        </p>
      )}
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
