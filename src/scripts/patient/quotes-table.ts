/**
 * The comparison table of the patient's quotes: one column per quote, one group of rows per item
 * (the item's name across the columns, then each quote's value under its clinic), differences
 * marked; a fixed layout that wraps long words, so it never scrolls sideways at 360 px.
 */
import { clinicPath } from '~/lib/clinics/profile.ts';
import { formatCalendarDay } from './formats.ts';
import {
  compareRows,
  convert,
  formatMoney,
  type Currency,
  type PatientQuote,
  type QuoteChange,
  type Rates,
  type RowKey,
} from '~/lib/quotes/compare.ts';

export interface TableContext {
  lang: 'ar' | 'en';
  locale: string;
  rates: Rates;
  currency: Currency;
  trust: string;
  t(key: string, params?: Record<string, string | number>): string;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = '') => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
};

/** A line of text typed by staff or a clinic: its own direction. */
const typed = (text: string, className = '') => {
  const node = el('span', `block ${className}`, text);
  node.dir = 'auto';
  return node;
};

function list(items: string[]): HTMLElement {
  const ul = el('ul', 'space-y-0.5');
  for (const item of items) {
    const li = el('li');
    li.append(typed(`• ${item}`));
    ul.append(li);
  }
  return ul;
}

/** What a quote says for an item, as nodes for its cell. */
function cellContent(context: TableContext, quote: PatientQuote, key: RowKey): Node[] {
  const { t } = context;
  const none = () => [el('span', 'text-muted', t('quotes.none'))];
  switch (key) {
    case 'price': {
      const amount = Number(quote.price);
      const price = el('span', 'block text-lg font-bold', formatMoney(amount, quote.currency));
      price.dir = 'ltr';
      if (quote.currency === context.currency) return [price];
      const converted = el(
        'span',
        'block text-sm text-muted',
        t('quotes.approx', {
          amount: formatMoney(
            convert(amount, quote.currency, context.currency, context.rates),
            context.currency,
            true,
          ),
        }),
      );
      converted.dir = 'ltr';
      converted.dataset['converted'] = '';
      return [price, converted];
    }
    case 'validUntil':
      return [el('span', '', formatCalendarDay(quote.valid_until))];
    case 'units':
      return quote.units === null
        ? none()
        : [
            el(
              'span',
              '',
              // "4,000 grafts": the plural form picked on the number, the number then grouped.
              t(`quotes.unit.${quote.unit_kind}`, { count: quote.units }).replace(
                /\d{4,}/g,
                (digits) => Number(digits).toLocaleString('en-US'),
              ),
            ),
          ];
    case 'nights':
      return quote.nights === null
        ? none()
        : [el('span', '', t('quotes.nights', { count: quote.nights }))];
    case 'transfer':
    case 'interpreter':
      return [
        el(
          'span',
          quote[key] ? 'font-semibold' : 'text-muted',
          t(quote[key] ? 'quotes.yes' : 'quotes.no'),
        ),
      ];
    case 'included':
    case 'notIncluded': {
      const items = key === 'included' ? quote.included : quote.not_included;
      return items.length ? [list(items)] : none();
    }
    case 'accreditation':
      return [
        el(
          'span',
          quote.clinic.accredited ? 'font-semibold text-teal-900' : 'text-offer-700',
          quote.clinic.accredited
            ? `✓ ${quote.clinic.accreditations.join('، ')}`
            : t('clinics.notAccredited'),
        ),
      ];
    case 'note': {
      if (!quote.note) return none();
      const note = typed(quote.note);
      note.lang = quote.note_language;
      return [note];
    }
    default: {
      const text = quote[key];
      return text ? [typed(text)] : none();
    }
  }
}

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);

/** A value a revision changed from or to, worded as its row says it. */
function changeValue(context: TableContext, field: string, value: unknown): HTMLElement {
  const { t } = context;
  if (value === null || value === undefined || value === '')
    return el('span', 'text-muted', t('quotes.none'));
  switch (field) {
    case 'price': {
      const { amount, currency } = value as { amount: number | string; currency: string };
      const price = el('span', 'font-semibold', formatMoney(Number(amount), currency));
      price.dir = 'ltr';
      return price;
    }
    case 'valid_until':
      return el('span', '', formatCalendarDay(asText(value)));
    case 'units': {
      const { count, kind } = value as { count: number; kind: string };
      return el(
        'span',
        '',
        t(`quotes.unit.${kind}`, { count }).replace(/\d{4,}/g, (digits) =>
          Number(digits).toLocaleString('en-US'),
        ),
      );
    }
    case 'nights':
      return el('span', '', t('quotes.nights', { count: Number(value) }));
    case 'transfer':
    case 'interpreter':
      return el('span', '', t(value ? 'quotes.yes' : 'quotes.no'));
    default: {
      const text = el('bdi', '', asText(value));
      text.dir = 'auto';
      return text;
    }
  }
}

/** The row key of a changed field (the database's names are snake_case). */
const changeRow = (field: string) =>
  field === 'valid_until' ? 'validUntil' : field === 'not_included' ? 'notIncluded' : field;

/** "What changed from the previous version", one line per field: «السعر: 2,400 EUR ← 2,300 EUR». */
function changesList(context: TableContext, changes: QuoteChange[]): HTMLElement {
  const { t, lang } = context;
  const box = el('div', 'mt-2 rounded-lg bg-saffron-50 p-2 text-xs font-normal');
  box.dataset['quoteChanges'] = '';
  box.append(el('span', 'block font-semibold', t('quotes.changes')));
  const ul = el('ul', 'mt-1 space-y-1');
  for (const change of changes) {
    const li = el('li');
    li.dataset['change'] = change.field;
    li.append(el('span', 'font-semibold', `${t(`quotes.row.${changeRow(change.field)}`)}: `));
    if (change.field === 'included' || change.field === 'not_included') {
      const parts = [
        change.added?.length ? t('quotes.changeAdded', { items: change.added.join('، ') }) : null,
        change.removed?.length
          ? t('quotes.changeRemoved', { items: change.removed.join('، ') })
          : null,
      ].filter((part): part is string => part !== null);
      const text = el('span', '', parts.join(lang === 'ar' ? '؛ ' : '; '));
      text.dir = 'auto';
      li.append(text);
    } else {
      li.append(
        changeValue(context, change.field, change.from),
        ` ${lang === 'ar' ? '←' : '→'} `,
        changeValue(context, change.field, change.to),
      );
    }
    ul.append(li);
  }
  box.append(ul);
  return box;
}

/** The column heads: each quote's clinic, status and version. */
function head(context: TableContext, quotes: PatientQuote[]): HTMLElement {
  const { t, lang } = context;
  const row = el('tr');
  quotes.forEach((quote, index) => {
    const th = el('th', 'p-2 align-top text-start', '');
    th.id = `quote-col-${index}`;
    th.scope = 'col';
    th.dataset['quoteId'] = quote.id;
    const name = el(
      'a',
      'block text-base font-bold text-teal-800 underline',
      quote.clinic.name[lang],
    );
    name.href = clinicPath(quote.clinic.slug, lang);
    name.dir = 'auto';
    const status = el(
      'span',
      `mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        quote.status === 'chosen'
          ? 'bg-teal-700 text-white'
          : quote.status === 'sent'
            ? 'bg-saffron-100 text-ink'
            : 'bg-sand-100 text-muted'
      }`,
      t(`quotes.status.${quote.status}`),
    );
    status.dataset['status'] = quote.status;
    th.append(
      name,
      el('span', 'block text-sm font-normal text-muted', quote.clinic.city[lang]),
      status,
      el(
        'span',
        'mt-1 block text-xs font-normal text-muted',
        t('quotes.version', {
          version: quote.version,
          // The patient's day, like its valid_until (not the phone's zone).
          date: formatCalendarDay(quote.sent_on),
        }),
      ),
    );
    if (quote.version > 1)
      th.append(el('span', 'mt-1 block text-xs font-normal', t('quotes.corrected')));
    if (quote.changes?.length) th.append(changesList(context, quote.changes));
    row.append(th);
  });
  const thead = el('thead');
  thead.append(row);
  return thead;
}

/** The table of `quotes` side by side; `actions` fills each quote's last cell. */
export function quotesTable(
  context: TableContext,
  quotes: PatientQuote[],
  actions: (quote: PatientQuote, cell: HTMLElement) => void,
): HTMLTableElement {
  const { t } = context;
  const table = el('table', 'w-full table-fixed border-collapse text-sm [overflow-wrap:anywhere]');
  table.dataset['quotesCompare'] = '';
  table.append(head(context, quotes));
  for (const { key, differs } of compareRows(quotes)) {
    const body = el('tbody', differs ? 'bg-saffron-50' : '');
    body.dataset['row'] = key;
    if (differs) body.dataset['differs'] = '';
    const label = el(
      'th',
      'border-t border-sand-200 px-2 pt-3 text-start text-xs font-semibold text-muted',
    );
    label.id = `quote-row-${key}`;
    label.colSpan = quotes.length;
    label.append(t(`quotes.row.${key}`));
    if (differs)
      label.append(' ', el('span', 'rounded bg-saffron-200 px-1.5 text-ink', t('quotes.differs')));
    const labelRow = el('tr');
    labelRow.append(label);
    const values = el('tr');
    quotes.forEach((quote, index) => {
      const cell = el('td', 'px-2 pb-3 align-top');
      cell.headers = `quote-col-${index} quote-row-${key}`;
      cell.append(...cellContent(context, quote, key));
      values.append(cell);
    });
    body.append(labelRow, values);
    table.append(body);
  }
  const foot = el('tfoot');
  const row = el('tr');
  quotes.forEach((quote, index) => {
    const cell = el('td', 'border-t border-sand-200 p-2 align-top');
    cell.headers = `quote-col-${index}`;
    actions(quote, cell);
    const trust = el('a', 'mt-2 block text-xs text-teal-700 underline', t('quotes.howWeChoose'));
    trust.href = context.trust;
    cell.append(trust);
    row.append(cell);
  });
  foot.append(row);
  table.append(foot);
  return table;
}
