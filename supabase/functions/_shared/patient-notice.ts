/**
 * The messages telling the patient what happened (issue 43, item 4): quotes ready, a quote
 * revised (what changed, one line per field, as private.quote_changes worked it out), the choice
 * recorded, the patient manager assigned, an after-care check-in due (issue 44). Claimed from their outbox (public.claim_patient_notices,
 * service role only; the recipient policy already decided) and mailed to the request's own
 * address in its language. They carry no private link (the database keeps only its hash): the
 * request page's address stands alone on its line, where the saved link opens and a lost one is
 * sent again.
 */
import { patientNoticeText } from './patient-notice-text.ts';
import { mailClaimed, type Rpc, type SendMail } from './patient-mail.ts';
import { clean, escapeHtml, isolate } from './mail-text.ts';

export type ReminderKind =
  | 'reminder_photos'
  | 'reminder_quote_expiring'
  | 'reminder_callback'
  | 'reminder_trip_week'
  | 'reminder_trip_tomorrow'
  | 'reminder_procedure_tomorrow'
  | 'reminder_review';
export type NoticeKind =
  | 'quotes_ready'
  | 'quote_revised'
  | 'quote_chosen'
  | 'manager_assigned'
  | 'aftercare_checkin'
  | ReminderKind;

const isReminder = (kind: NoticeKind): kind is ReminderKind => kind.startsWith('reminder_');

/** One line of what changed, as private.quote_changes returns it. */
export interface QuoteChange {
  field: string;
  from?: unknown;
  to?: unknown;
  added?: string[];
  removed?: string[];
}

/** A row as claim_patient_notices returns it. */
export interface StoredNotice {
  id: number;
  kind: NoticeKind;
  attempt: number;
  language: string | null;
  first_name: string | null;
  email: string;
  reference: string;
  quotes: {
    clinic: string;
    version: number;
    price: number;
    currency: string;
    valid_until: string;
    changes: QuoteChange[];
  }[];
  manager_name: string | null;
  manager_whatsapp: string | null;
  /** A reminder's date (the trip, the procedure) or time (the call-back) and the patient's zone. */
  reminder?: { on: string | null; at: string | null; time_zone: string } | null;
}

type Lang = 'ar' | 'en';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** 2,400 EUR, digits Latin in both languages (as on the patient's page), isolated. */
export function formatPrice(amount: unknown, currency: unknown): string {
  const number = Number(amount);
  const shown = Number.isFinite(number)
    ? new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(number)
    : clean(amount);
  return isolate(`${shown} ${clean(currency)}`);
}

/** 20 December 2026 / 20 ديسمبر 2026, the calendar date as stored. */
export function formatDate(value: unknown, lang: Lang): string {
  const text = clean(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${text}T00:00:00Z`));
}

/** "on Tuesday 8 December at 14:30" in the patient's time zone (the call-back they asked for). */
export function formatCallTime(value: unknown, timeZone: string, lang: Lang): string {
  const at = new Date(clean(value));
  if (Number.isNaN(at.getTime())) return clean(value);
  let zone = 'Asia/Riyadh';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    zone = timeZone;
  } catch {
    // An unknown zone: the default one of the quiet hours.
  }
  const day = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: zone,
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(at);
  return lang === 'ar' ? `يوم ${isolate(day)} الساعة ${isolate(time)}` : `on ${day} at ${time}`;
}

function describeValue(field: string, value: unknown, lang: Lang): string {
  const words = patientNoticeText[lang];
  if (value === null || value === undefined || value === '') return words.none;
  switch (field) {
    case 'price': {
      const price = value as { amount: unknown; currency: unknown };
      return formatPrice(price.amount, price.currency);
    }
    case 'units': {
      const units = value as { count: unknown; kind: string };
      const unit = (words.unit as Record<string, string>)[units.kind] ?? clean(units.kind);
      return isolate(`${clean(units.count)} ${unit}`);
    }
    case 'transfer':
    case 'interpreter':
      return value === true ? words.yes : words.no;
    case 'valid_until':
      return formatDate(value, lang);
    default:
      return isolate(clean(value));
  }
}

/** "Price: 2,400 EUR → 2,300 EUR", "Included: added: Hotel; removed: Medication". */
export function describeQuoteChange(change: QuoteChange, lang: Lang): string {
  const words = patientNoticeText[lang];
  const label = (words.field as Record<string, string>)[change.field] ?? clean(change.field);
  if (change.field === 'included' || change.field === 'not_included') {
    const parts = [
      change.added?.length
        ? fill(words.added, { items: change.added.map((item) => isolate(clean(item))).join('، ') })
        : null,
      change.removed?.length
        ? fill(words.removed, {
            items: change.removed.map((item) => isolate(clean(item))).join('، '),
          })
        : null,
    ].filter(Boolean);
    return `${label}: ${parts.join(lang === 'ar' ? '؛ ' : '; ')}`;
  }
  return `${label}: ${describeValue(change.field, change.from, lang)} ${words.arrow} ${describeValue(change.field, change.to, lang)}`;
}

/** The request page of the language (no token: the mail carries no private link). */
export function requestPage(siteUrl: string, lang: Lang): string {
  return `${siteUrl.replace(/\/$/, '')}${lang === 'en' ? '/en/r/' : '/r/'}`;
}

export function composePatientNotice(
  row: StoredNotice,
  siteUrl: string,
): { subject: string; text: string; html: string } {
  const lang: Lang = row.language === 'en' ? 'en' : 'ar';
  const words = patientNoticeText[lang];
  const name = clean(row.first_name);
  const reference = isolate(clean(row.reference));
  const page = requestPage(siteUrl, lang);
  const quoteLine = (quote: StoredNotice['quotes'][number]) =>
    fill(words.quoteLine, {
      clinic: isolate(clean(quote.clinic)),
      price: formatPrice(quote.price, quote.currency),
      date: formatDate(quote.valid_until, lang),
    });

  // Paragraphs of lines; the page's address is a paragraph of its own.
  const body: string[][] = [];
  if (row.kind === 'quotes_ready') {
    body.push([fill(words.quotesReady, { reference }), ...row.quotes.map(quoteLine)]);
  } else if (row.kind === 'quote_revised') {
    for (const quote of row.quotes) {
      body.push([
        fill(words.quoteRevised, { clinic: isolate(clean(quote.clinic)), reference }),
        ...quote.changes.map((change) => `- ${describeQuoteChange(change, lang)}`),
      ]);
    }
  } else if (row.kind === 'quote_chosen') {
    const quote = row.quotes[0];
    body.push([
      fill(words.quoteChosen, {
        clinic: isolate(clean(quote?.clinic)),
        price: quote ? formatPrice(quote.price, quote.currency) : '',
        reference,
      }),
      words.chosenNext,
    ]);
  } else if (row.kind === 'aftercare_checkin') {
    body.push([fill(words.aftercareCheckin, { reference })]);
  } else if (isReminder(row.kind)) {
    const detail = row.reminder ?? null;
    const sentence = fill(words.reminder[row.kind], {
      reference,
      date: formatDate(detail?.on, lang),
      time: formatCallTime(detail?.at, detail?.time_zone ?? '', lang),
    });
    body.push(
      row.kind === 'reminder_quote_expiring'
        ? [sentence, ...row.quotes.map(quoteLine)]
        : [sentence],
    );
  } else {
    const whatsapp = clean(row.manager_whatsapp).replace(/[^0-9]/g, '');
    body.push([
      fill(words.managerAssigned, { manager: isolate(clean(row.manager_name)), reference }),
      ...(whatsapp ? [fill(words.managerWhatsapp, { url: `https://wa.me/${whatsapp}` })] : []),
    ]);
  }

  const greeting = name ? fill(words.greeting, { name: isolate(name) }) : words.greetingNoName;
  const subject = fill(words.subject[row.kind], { reference });
  const text = [
    greeting,
    '',
    ...body.flatMap((lines) => [...lines, '']),
    words.pageIntro,
    // The address alone on its line, nothing around it: a copy takes exactly the address.
    page,
    '',
    ...(isReminder(row.kind) ? [words.reminderStop, ''] : []),
    words.signature,
  ].join('\n');
  const paragraph = (lines: string[]) =>
    `<p style="margin:0 0 16px">${lines.map(escapeHtml).join('<br>')}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,sans-serif;line-height:1.6;color:#12262e;text-align:start">`,
    paragraph([greeting]),
    ...body.map(paragraph),
    `<p style="margin:0 0 16px">${escapeHtml(words.pageIntro)}<br><a href="${escapeHtml(page)}" dir="ltr">${escapeHtml(page)}</a></p>`,
    ...(isReminder(row.kind) ? [paragraph([words.reminderStop])] : []),
    paragraph([words.signature]),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * Claims and mails due messages telling patients what happened. Without a site address
 * (SITE_URL) nothing is claimed: the rows wait, given up after 24 hours.
 */
export async function deliverPatientNotices(
  options: { rpc: Rpc; send: SendMail; siteUrl: string | undefined },
  batch: number,
): Promise<{ sent: number; failed: number }> {
  const { siteUrl } = options;
  if (!siteUrl) return { sent: 0, failed: 0 };
  const rows = await options.rpc<StoredNotice[]>('claim_patient_notices', { _limit: batch });
  return mailClaimed(rows, {
    what: 'patient notice',
    send: options.send,
    compose: (row) => composePatientNotice(row, siteUrl),
    idempotencyKey: (row) => `patient-notice-${row.id}`,
    finish: (row, error) =>
      options.rpc('finish_patient_notice', { _id: row.id, _sent: error === null, _error: error }),
  });
}
