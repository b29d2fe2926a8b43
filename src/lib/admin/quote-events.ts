/**
 * Timeline entries about quotes (issue 31): a version sent, a decision staff recorded, the patient's
 * choice on their page. Their values are JSON the database wrote (private.quote_event_value): the
 * clinic, the version and its price.
 */
import type { RequestEvent } from './rows.ts';
import { adminText, type AdminKey } from './strings.ts';
import { formatMoney } from '../quotes/compare.ts';

interface QuoteEventValue {
  clinic?: string;
  version?: number;
  price?: number | string | null;
  currency?: string;
  status?: string;
}

function parse(json: string | null): QuoteEventValue {
  try {
    return JSON.parse(json ?? '{}') as QuoteEventValue;
  } catch {
    return {};
  }
}

export function describeQuoteEvent(event: Pick<RequestEvent, 'kind' | 'old_value' | 'new_value'>): {
  label: string;
  text: string;
} {
  const value = parse(event.new_value);
  const params = {
    clinic: value.clinic ?? '—',
    version: value.version ?? '—',
    price:
      value.price === null || value.price === undefined
        ? '—'
        : formatMoney(Number(value.price), value.currency ?? ''),
  };
  switch (event.kind) {
    case 'quote_status':
      return {
        label: adminText('admin.quotes.event.status'),
        text: adminText('admin.quotes.event.statusText', {
          ...params,
          status: adminText(`admin.quotes.status.${value.status ?? 'sent'}` as AdminKey),
        }),
      };
    case 'patient_quote_choice':
      return {
        label: adminText('admin.quotes.event.choice'),
        text: adminText('admin.quotes.event.text', params),
      };
    default:
      return {
        label: adminText('admin.quotes.event.sent'),
        text: adminText('admin.quotes.event.text', params),
      };
  }
}
