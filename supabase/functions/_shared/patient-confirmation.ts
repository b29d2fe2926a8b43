/**
 * The patient's confirmation e-mail (issue 29): one per request that gave an e-mail address,
 * claimed from its outbox (public.claim_patient_confirmations, service role only) and built from
 * what the database stored, never from a browser's text: the reference, the private link (the
 * outbox holds its token until this mail is sent, then wipes it), what happens next, and the
 * manager's WhatsApp once assigned. Plain text and HTML, bidi-safe (every value that may run the
 * other way is isolated), no images and no tracking.
 */
import { patientConfirmationText } from './patient-confirmation-text.ts';
import { mailClaimed, type Rpc, type SendMail } from './patient-mail.ts';
import { clean, escapeHtml, isolate } from './mail-text.ts';

/** A confirmation as claim_patient_confirmations returns it. */
export interface StoredConfirmation {
  lead_id: string;
  attempt: number;
  link_token: string | null;
  language: string | null;
  /** The greeting's name (private.outbound_greeting_name): null when not a plausible name. */
  first_name: string | null;
  email: string;
  reference: string;
  manager_name: string | null;
  manager_whatsapp: string | null;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The link of the patient's page on `siteUrl`, in the request's language. */
export function patientLink(siteUrl: string, language: string | null, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}${language === 'en' ? '/en/r/' : '/r/'}#${token}`;
}

export function composePatientConfirmation(
  row: StoredConfirmation,
  siteUrl: string,
): { subject: string; text: string; html: string } {
  const lang = row.language === 'en' ? 'en' : 'ar';
  const words = patientConfirmationText[lang];
  const name = clean(row.first_name);
  const reference = clean(row.reference);
  const link = row.link_token ? patientLink(siteUrl, lang, row.link_token) : null;
  const manager = clean(row.manager_name);
  const whatsapp = row.manager_whatsapp?.replace(/\D/g, '') ?? '';
  const chat = whatsapp ? `https://wa.me/${whatsapp}` : null;

  const text = [
    name ? fill(words.greeting, { name: isolate(name) }) : words.greetingNoName,
    '',
    fill(words.received, { reference: isolate(reference) }),
    '',
    // The link alone on its line, nothing around it: a copy takes exactly the link (issue 43).
    ...(link ? [words.linkIntro, link, words.linkCare] : [words.noLink]),
    '',
    words.nextTitle,
    ...words.next.map((step, index) => `${index + 1}. ${step}`),
    ...(manager ? ['', fill(words.manager, { manager: isolate(manager) })] : []),
    ...(manager && chat ? [fill(words.managerWhatsapp, { url: isolate(chat) })] : []),
    '',
    words.notYou,
    words.signature,
  ].join('\n');

  const ltr = (value: string) => `<span dir="ltr">${escapeHtml(value)}</span>`;
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(fill(words.subject, { reference }))}</title></head>`,
    `<body style="font-family:Arial,sans-serif;line-height:1.6;color:#12262e;text-align:start">`,
    paragraph(
      name
        ? escapeHtml(words.greeting).replace('{name}', `<bdi>${escapeHtml(name)}</bdi>`)
        : escapeHtml(words.greetingNoName),
    ),
    paragraph(
      escapeHtml(words.received).replace('{reference}', `<strong>${ltr(reference)}</strong>`),
    ),
    link
      ? paragraph(
          `${escapeHtml(words.linkIntro)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(words.openPage)}</a><br>${ltr(link)}<br>${escapeHtml(words.linkCare)}`,
        )
      : paragraph(escapeHtml(words.noLink)),
    `<p style="margin:0 0 8px"><strong>${escapeHtml(words.nextTitle)}</strong></p>`,
    `<ol>${words.next.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`,
    manager
      ? paragraph(
          escapeHtml(words.manager).replace('{manager}', `<bdi>${escapeHtml(manager)}</bdi>`) +
            (chat
              ? `<br>${escapeHtml(words.managerWhatsapp).replace('{url}', `<a href="${chat}" dir="ltr">${ltr(chat)}</a>`)}`
              : ''),
        )
      : '',
    paragraph(`${escapeHtml(words.notYou)}<br>${escapeHtml(words.signature)}`),
    '</body></html>',
  ].join('\n');

  return { subject: fill(words.subject, { reference: isolate(reference) }), text, html };
}

/**
 * Claims and mails due confirmations (one lead's, for a nudge). Without a site address (SITE_URL)
 * nothing is claimed: the confirmations wait, and are given up after 24 hours like any other.
 */
export async function deliverPatientConfirmations(
  options: { rpc: Rpc; send: SendMail; siteUrl: string | undefined },
  leadId: string | null,
  batch: number,
): Promise<{ sent: number; failed: number }> {
  const { siteUrl } = options;
  if (!siteUrl) return { sent: 0, failed: 0 };
  const rows = await options.rpc<StoredConfirmation[]>('claim_patient_confirmations', {
    _lead_id: leadId,
    _limit: leadId ? 1 : batch,
  });
  return mailClaimed(rows, {
    what: 'patient confirmation',
    send: options.send,
    compose: (row) => composePatientConfirmation(row, siteUrl),
    idempotencyKey: (row) => `patient-confirmation-${row.lead_id}`,
    finish: (row, error) =>
      options.rpc('finish_patient_confirmation', {
        _lead_id: row.lead_id,
        _sent: error === null,
        _error: error,
      }),
  });
}
