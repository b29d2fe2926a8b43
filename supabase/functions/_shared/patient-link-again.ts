/**
 * The "your link again" e-mail (issue 43): claimed from its outbox
 * (public.claim_patient_link_resends, service role only; the recipient policy already decided and
 * the request's link was replaced), built from what the database stored, never from what the
 * asker typed, and mailed to the request's own address. Plain text puts the link alone on its
 * line; HTML isolates every value that may run the other way.
 */
import { patientLink } from './patient-confirmation.ts';
import { patientLinkAgainText } from './patient-link-again-text.ts';
import { mailClaimed, type Rpc, type SendMail } from './patient-mail.ts';
import { clean, escapeHtml, isolate } from './mail-text.ts';

/** A row as claim_patient_link_resends returns it. */
export interface StoredLinkAgain {
  id: number;
  lead_id: string;
  attempt: number;
  link_token: string;
  language: string | null;
  first_name: string | null;
  email: string;
  reference: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export function composePatientLinkAgain(
  row: StoredLinkAgain,
  siteUrl: string,
): { subject: string; text: string; html: string } {
  const lang = row.language === 'en' ? 'en' : 'ar';
  const words = patientLinkAgainText[lang];
  const name = clean(row.first_name);
  const reference = clean(row.reference);
  const link = patientLink(siteUrl, lang, row.link_token);
  const text = [
    name ? fill(words.greeting, { name: isolate(name) }) : words.greetingNoName,
    '',
    fill(words.asked, { reference: isolate(reference) }),
    // The link alone on its line, nothing around it: a copy takes exactly the link.
    link,
    '',
    words.oldDead,
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
      `${escapeHtml(words.asked).replace('{reference}', `<strong>${ltr(reference)}</strong>`)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(words.openPage)}</a><br>${ltr(link)}`,
    ),
    paragraph(escapeHtml(words.oldDead)),
    paragraph(`${escapeHtml(words.notYou)}<br>${escapeHtml(words.signature)}`),
    '</body></html>',
  ].join('\n');
  return { subject: fill(words.subject, { reference: isolate(reference) }), text, html };
}

/**
 * Claims and mails due "link again" e-mails. Without a site address (SITE_URL) nothing is claimed:
 * the rows wait (and the old links keep working), given up after 24 hours.
 */
export async function deliverPatientLinksAgain(
  options: { rpc: Rpc; send: SendMail; siteUrl: string | undefined },
  batch: number,
): Promise<{ sent: number; failed: number }> {
  const { siteUrl } = options;
  if (!siteUrl) return { sent: 0, failed: 0 };
  const rows = await options.rpc<StoredLinkAgain[]>('claim_patient_link_resends', {
    _limit: batch,
  });
  return mailClaimed(rows, {
    what: 'patient link again',
    send: options.send,
    compose: (row) => composePatientLinkAgain(row, siteUrl),
    idempotencyKey: (row) => `patient-link-again-${row.id}`,
    finish: (row, error) =>
      options.rpc('finish_patient_link_resend', {
        _id: row.id,
        _sent: error === null,
        _error: error,
      }),
  });
}
