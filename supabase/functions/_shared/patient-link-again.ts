/**
 * The "your link again" e-mail (issue 43): claimed from its outbox
 * (public.claim_patient_link_resends, service role only; the recipient policy already decided and
 * the request's link was replaced), built from what the database stored, never from what the
 * asker typed, and mailed to the request's own address. Plain text puts the link alone on its
 * line; HTML isolates every value that may run the other way.
 */
import { patientLink } from './patient-confirmation.ts';
import { patientLinkAgainText } from './patient-link-again-text.ts';

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

const CONTROL_OR_BIDI =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const isolate = (value: string) => `\u2068${value}\u2069`;
const clean = (value: string | null) => (value ?? '').replace(CONTROL_OR_BIDI, ' ').trim();
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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

type Rpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;

const PLAIN_ADDRESS =
  /^[^\s@<>",;:()[\]\\\u0000-\u001f\u007f-\u009f]+@[^\s@<>",;:()[\]\\\u0000-\u001f\u007f-\u009f]+\.[a-z0-9-]{2,}$/i;

/**
 * Claims and mails due "link again" e-mails. Without a site address (SITE_URL) nothing is claimed:
 * the rows wait (and the old links keep working), given up after 24 hours.
 */
export async function deliverPatientLinksAgain(
  options: {
    rpc: Rpc;
    send: (message: {
      to: string;
      subject: string;
      text: string;
      html: string;
      idempotencyKey: string;
    }) => Promise<unknown>;
    siteUrl: string | undefined;
  },
  batch: number,
): Promise<{ sent: number; failed: number }> {
  if (!options.siteUrl) return { sent: 0, failed: 0 };
  const rows = await options.rpc<StoredLinkAgain[]>('claim_patient_link_resends', {
    _limit: batch,
  });
  let sent = 0;
  let failed = 0;
  for (const row of rows ?? []) {
    let error: string | null = null;
    try {
      if (!PLAIN_ADDRESS.test(row.email)) throw new Error('not a plain e-mail address');
      await options.send({
        to: row.email,
        ...composePatientLinkAgain(row, options.siteUrl),
        idempotencyKey: `patient-link-again-${row.id}`,
      });
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      console.error(`send-form-notification: patient link again failed: ${error}`);
    }
    await options.rpc('finish_patient_link_resend', {
      _id: row.id,
      _sent: error === null,
      _error: error,
    });
    if (error === null) sent++;
    else failed++;
  }
  return { sent, failed };
}
