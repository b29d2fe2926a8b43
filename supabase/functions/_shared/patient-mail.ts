/**
 * The one way an automatic mail to a patient leaves (confirmation, link again, notices): the rows
 * the database claimed for this run (through the recipient policy) are mailed one by one, each to
 * a plain address only, under an idempotency key the provider keeps (a retry after a lost answer
 * is not mailed twice), and each is finished in the database as sent or failed with its error.
 */

import { PLAIN_ADDRESS } from './mail-text.ts';

export type Rpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;

/** What the mail provider is given (./email.ts). */
export type SendMail = (message: {
  to: string;
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string;
}) => Promise<unknown>;

export async function mailClaimed<Row extends { email: string }>(
  rows: readonly Row[] | null,
  mail: {
    /** For the log: "patient confirmation", … */
    what: string;
    send: SendMail;
    compose: (row: Row) => { subject: string; text: string; html: string };
    idempotencyKey: (row: Row) => string;
    finish: (row: Row, error: string | null) => Promise<unknown>;
  },
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const row of rows ?? []) {
    let error: string | null = null;
    try {
      if (!PLAIN_ADDRESS.test(row.email)) throw new Error('not a plain e-mail address');
      await mail.send({
        to: row.email,
        ...mail.compose(row),
        idempotencyKey: mail.idempotencyKey(row),
      });
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      console.error(`send-form-notification: ${mail.what} failed: ${error}`);
    }
    await mail.finish(row, error);
    if (error === null) sent++;
    else failed++;
  }
  return { sent, failed };
}
