/**
 * The owner's e-mail about requests nobody has contacted in time (issue 32;
 * supabase/migrations/20261127120300_first_contact_escalation.sql). The database queues each such
 * request once (private.escalate_uncontacted_requests, pg_cron every minute in production, the
 * local server's worker locally); the worker claims what is due with
 * public.claim_first_contact_escalations and mails ONE message listing them all, however many,
 * then records the outcome per request. Built from stored rows only, bidi-safe, no tracking.
 */
import { clean as cleanText, isolate } from './mail-text.ts';

/** One request as claim_first_contact_escalations returns it. */
export interface StoredEscalation {
  request_id: string;
  attempt: number;
  reference: string | null;
  name: string;
  service: string | null;
  language: string | null;
  created_at: string;
  due_at: string | null;
  assignee: string | null;
}

/** Stored text on one line: runs of spaces one space. */
const clean = (value: string | null) => cleanText(value).replace(/\s+/g, ' ');
const minute = (iso: string | null) =>
  iso ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '-';

/** The plain-text e-mail: a fixed subject with the count, one line per request. */
export function composeEscalationEmail(
  rows: StoredEscalation[],
  siteUrl: string | undefined,
): { subject: string; text: string } {
  const lines = rows.map((row, index) =>
    [
      `${index + 1}. ${clean(row.reference) || '-'}`,
      isolate(clean(row.name)),
      clean(row.service) || '-',
      `language ${clean(row.language) || 'ar'}`,
      `received ${minute(row.created_at)}`,
      `red since ${minute(row.due_at)}`,
      `assigned to ${row.assignee ? isolate(clean(row.assignee)) : 'nobody'}`,
    ].join(' · '),
  );
  const dashboard = siteUrl ? `${siteUrl.replace(/\/$/, '')}/admin/dashboard` : null;
  return {
    subject: `[Rihla Care] طلبات تنتظر التواصل الأول (${rows.length})`,
    text: [
      'Requests nobody has contacted yet',
      '',
      `${rows.length} request(s) from the website passed the second first-contact threshold`,
      'in working hours with no WhatsApp message, call or status change recorded:',
      '',
      ...lines,
      '',
      ...(dashboard ? [`Open the back office: ${dashboard}`, ''] : []),
      'Each request is mailed about once; the next e-mail lists only requests that fall behind later.',
    ].join('\n'),
  };
}

type Rpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;

/**
 * Claims the due escalations and mails them in one message to `to`; resolves to the counts (one
 * e-mail sent or failed, whatever the number of requests in it).
 */
export async function deliverFirstContactEscalations(
  options: {
    rpc: Rpc;
    send: (message: {
      to: string;
      subject: string;
      text: string;
      idempotencyKey: string;
    }) => Promise<unknown>;
    to: string;
    siteUrl: string | undefined;
  },
  batch: number,
): Promise<{ sent: number; failed: number }> {
  const rows = await options.rpc<StoredEscalation[]>('claim_first_contact_escalations', {
    _limit: batch,
  });
  if (!rows?.length) return { sent: 0, failed: 0 };
  const ids = rows.map((row) => row.request_id).sort();
  let error: string | null = null;
  try {
    await options.send({
      to: options.to,
      ...composeEscalationEmail(rows, options.siteUrl),
      // A retry of the same batch after a lost answer is not mailed twice by the provider.
      idempotencyKey: `first-contact-${ids[0]}-${ids.length}`,
    });
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    console.error(`send-form-notification: first-contact escalation failed: ${error}`);
  }
  await options.rpc('finish_first_contact_escalations', {
    _request_ids: ids,
    _sent: error === null,
    _error: error,
  });
  return error === null ? { sent: 1, failed: 0 } : { sent: 0, failed: 1 };
}
