/**
 * The one mail about held leads (supabase/migrations/20261126120000_held_leads.sql): while a flood
 * or someone else's traffic makes leads doubtful, they wait in the back office's held queue
 * («قيد التحقق») instead of being mailed one by one. The first held lead of an hour stands for all
 * of them; its mail says how many wait, and nothing a sender typed.
 */

/** A digest notification as claim_lead_notifications returns it. */
export interface HeldDigest {
  lead_id: string;
  attempt: number;
  created_at: string;
  digest: true;
  /** Requests in the held queue when the digest was claimed. */
  held: number;
}

export function isHeldDigest(item: object): item is HeldDigest {
  return (item as { digest?: unknown }).digest === true;
}

/** The digest's plain-text e-mail: fixed text and two numbers, nothing from the held leads. */
export function composeDigestEmail(digest: HeldDigest): { subject: string; text: string } {
  const held = Math.max(0, Math.trunc(Number(digest.held) || 0));
  return {
    subject: `[Rihla Care] طلبات قيد التحقق (${held})`,
    text: [
      'Requests held for verification',
      '',
      `${held} request(s) wait in the back office's held queue («قيد التحقق»).`,
      'They arrived during unusual traffic (many requests at once, many from one address, or a',
      'number sent many times from elsewhere) and were stored, not mailed one by one.',
      'Open the back office to check them and release the real ones into the inbox.',
      '',
      `First held: ${new Date(digest.created_at).toISOString()}`,
      'No other mail is sent about held requests for an hour.',
    ].join('\n'),
  };
}
