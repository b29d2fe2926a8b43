import { AlertTriangle } from 'lucide-react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { QuoteFields } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { formatMoney } from '~/lib/quotes/compare.ts';
import { UserText } from '../parts.tsx';
import type { QuoteConflict } from './useQuoteEditor.ts';

/** The fields a coordinator compares first, in the builder's order. */
const shown = ['price', 'team', 'technique', 'units', 'nights', 'hotel', 'valid_until'] as const;

function valueOf(fields: QuoteFields, key: (typeof shown)[number]): string {
  if (key === 'price') {
    const price = Number(fields.price);
    return fields.price && Number.isFinite(price) ? formatMoney(price, fields.currency) : '—';
  }
  return fields[key] || '—';
}

function labelOf(key: (typeof shown)[number]): string {
  return adminText(key === 'valid_until' ? 'admin.quotes.validUntil' : `admin.quotes.${key}`);
}

/**
 * A quote save or send refused because the draft moved on (issue 41), in the request dialog's
 * conflict pattern (../dialog/DialogNotices.tsx ConflictNotice): who saved or sent it and when,
 * what the coordinator typed beside what is saved now, and the two ways on: re-apply mine on top
 * of theirs (or as a new correction when theirs was sent), or take theirs.
 */
export function QuoteConflictView({
  conflict,
  onResolve,
}: {
  conflict: QuoteConflict;
  onResolve: (choice: 'mine' | 'theirs') => void;
}) {
  const name = conflict.by ?? adminText('admin.team.system');
  const time = conflict.at ? formatRequestDate(conflict.at) : '';
  const title =
    conflict.state === 'sent'
      ? adminText('admin.quotes.conflictSent', { name, time })
      : conflict.state === 'gone'
        ? adminText('admin.quotes.conflictGone')
        : adminText('admin.quotes.conflictTitle', { name, time });
  return (
    <div
      role="alert"
      data-testid="quote-conflict"
      className="mt-3 rounded-xl border border-offer-600 bg-sand-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-bold text-offer-700">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      <table className="mt-2 w-full text-start">
        <thead>
          <tr>
            <td />
            <th scope="col" className="text-start">
              {adminText('admin.quotes.conflictMine')}
            </th>
            {conflict.theirs && (
              <th scope="col" className="text-start">
                {adminText('admin.quotes.conflictTheirs', { name })}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((key) => {
            const mine = valueOf(conflict.mine, key);
            const theirs = conflict.theirs ? valueOf(conflict.theirs, key) : null;
            return (
              <tr
                key={key}
                data-field={key}
                className={theirs !== null && theirs !== mine ? 'font-semibold' : ''}
              >
                <th scope="row" className="pe-3 text-start font-normal text-muted">
                  {labelOf(key)}
                </th>
                <td data-side="mine">
                  <UserText>{mine}</UserText>
                </td>
                {theirs !== null && (
                  <td data-side="theirs">
                    <UserText>{theirs}</UserText>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          onClick={() => onResolve('mine')}
        >
          {adminText(
            conflict.theirs ? 'admin.quotes.conflictReapply' : 'admin.quotes.conflictNewVersion',
          )}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
          onClick={() => onResolve('theirs')}
        >
          {adminText('admin.quotes.conflictTakeTheirs')}
        </button>
      </div>
    </div>
  );
}
