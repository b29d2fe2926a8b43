/**
 * The quotes on the patient's page (src/components/patient/PatientQuotes.astro): read with
 * public.patient_quotes once the page knows the link is alive, shown side by side
 * (./quotes-table.ts), chosen with public.patient_choose_quote after a confirmation, or discussed
 * first on WhatsApp with the reference and the quote in the message.
 */
import { partStrings } from './part-strings.ts';
import { translator } from '~/lib/clinics/profile.ts';
import { callRpc, type PatientView } from '~/lib/patient/api.ts';
import {
  currencyForCountryCode,
  formatMoney,
  type Currency,
  type PatientQuote,
  type PatientQuotes,
  type Rates,
} from '~/lib/quotes/compare.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import type { PageContext } from './context.ts';
import { quotesTable, type TableContext } from './quotes-table.ts';

const CURRENCY_KEY = 'rihla:patient-currency';

interface QuotesState {
  token: string;
  view: PatientView;
  data: PatientQuotes | null;
}

function savedCurrency(): Currency | null {
  try {
    return localStorage.getItem(CURRENCY_KEY) as Currency | null;
  } catch {
    return null;
  }
}

/** The "choose" button, its confirmation, and the WhatsApp link of one quote's cell. */
function quoteActions(
  page: PageContext,
  section: HTMLElement,
  state: QuotesState,
  reload: () => Promise<void>,
  t: TableContext['t'],
) {
  const status = section.querySelector<HTMLElement>('[data-quotes-status]')!;
  return (quote: PatientQuote, cell: HTMLElement) => {
    const clinic = quote.clinic.name[page.lang];
    const talk = document.createElement('a');
    talk.className = 'btn btn-whatsapp mt-2 w-full px-2 py-1.5 text-sm';
    talk.target = '_blank';
    talk.rel = 'noopener noreferrer';
    talk.textContent = t('quotes.talk');
    const manager = state.view.manager?.whatsapp;
    talk.href = whatsappUrl(
      manager ?? page.agencyWhatsapp,
      t('quotes.talkMessage', {
        reference: state.view.reference,
        clinic,
        version: quote.version,
        price: formatMoney(Number(quote.price), quote.currency),
      }),
    );
    if (quote.status === 'chosen' || quote.status === 'expired') {
      cell.append(talk);
      return;
    }
    const choose = document.createElement('button');
    choose.type = 'button';
    choose.className = 'btn btn-primary w-full px-2 py-1.5 text-sm';
    choose.textContent = t('quotes.choose');
    const confirm = document.createElement('div');
    confirm.hidden = true;
    const yes = document.createElement('button');
    yes.type = 'button';
    yes.className = 'btn btn-accent w-full px-2 py-1.5 text-sm';
    yes.textContent = t('quotes.confirm', { clinic });
    const no = document.createElement('button');
    no.type = 'button';
    no.className = 'mt-1 w-full text-sm underline';
    no.textContent = t('quotes.cancel');
    confirm.append(yes, no);
    choose.addEventListener('click', () => {
      choose.hidden = true;
      confirm.hidden = false;
      yes.focus();
    });
    no.addEventListener('click', () => {
      confirm.hidden = true;
      choose.hidden = false;
      choose.focus();
    });
    yes.addEventListener('click', () => {
      void (async () => {
        yes.disabled = true;
        const outcome = await callRpc('patient_choose_quote', {
          _token: state.token,
          _quote_id: quote.id,
          _version: quote.version,
        });
        yes.disabled = false;
        if (outcome.ok) {
          status.textContent = t('quotes.chosen', { clinic });
          await reload();
          return;
        }
        status.textContent =
          outcome.reason === 'rate-limited'
            ? t('patient.rateLimited')
            : outcome.hint === 'quote_changed'
              ? t('quotes.changed')
              : outcome.hint === 'quote_expired'
                ? t('quotes.expired')
                : t('quotes.failed');
        if (outcome.hint === 'quote_changed' || outcome.hint === 'quote_expired') await reload();
      })();
    });
    cell.append(choose, confirm, talk);
  };
}

interface Shown {
  page: PageContext;
  section: HTMLElement;
  state: QuotesState;
  reload: () => Promise<void>;
  strings: Record<string, string>;
}

/** What the section shows now: the currency picker re-renders the latest answer. */
let shown: Shown | null = null;

function render(
  page: PageContext,
  section: HTMLElement,
  state: QuotesState,
  reload: () => Promise<void>,
  strings: Record<string, string>,
) {
  shown = { page, section, state, reload, strings };
  const quotes = state.data?.quotes ?? [];
  section.hidden = quotes.length === 0;
  if (!state.data || quotes.length === 0) return;
  const t = translator(strings, page.locale);
  const select = section.querySelector<HTMLSelectElement>('[data-currency]')!;
  if (!select.dataset['ready']) {
    select.value = savedCurrency() ?? currencyForCountryCode(state.data.country_code);
    select.dataset['ready'] = '1';
    select.addEventListener('change', () => {
      try {
        localStorage.setItem(CURRENCY_KEY, select.value);
      } catch {
        // Kept for this visit only.
      }
      if (shown) render(shown.page, shown.section, shown.state, shown.reload, shown.strings);
    });
  }
  const context: TableContext = {
    lang: page.lang,
    locale: page.locale,
    rates: JSON.parse(section.dataset['rates'] ?? '{}') as Rates,
    currency: select.value as Currency,
    trust: section.dataset['trust'] ?? '/',
    t,
  };
  section
    .querySelector('[data-quotes-table]')!
    .replaceChildren(quotesTable(context, quotes, quoteActions(page, section, state, reload, t)));
  section.querySelector('[data-rate-note-text]')!.textContent = section.dataset['rateNote'] ?? '';
}

/**
 * Shows the request's quotes for a live link (`view` is what public.patient_request answered);
 * `reloadPage` reloads the whole page's view after a choice moved the request on.
 */
export async function showQuotes(
  page: PageContext,
  token: string,
  view: PatientView,
  reloadPage: () => Promise<void>,
): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-quotes]');
  if (!section) return;
  const state: QuotesState = { token, view, data: null };
  // The section's texts (a cached file, src/integrations/late-strings.ts) beside the answer.
  const [outcome, strings] = await Promise.all([
    callRpc('patient_quotes', { _token: token }),
    partStrings(section),
  ]);
  if (!outcome.ok || !strings) return;
  state.data = outcome.data as unknown as PatientQuotes | null;
  render(page, section, state, reloadPage, strings);
}
