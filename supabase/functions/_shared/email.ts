import type { MailMessage, MailTransport } from './runtime.ts';

/**
 * Production mail: an HTTP e-mail API configured by secrets (`supabase secrets set`). The request
 * body is Resend's (`{from, to, subject, text, reply_to}` with a Bearer key), which several
 * providers accept; point EMAIL_API_URL elsewhere to switch provider.
 *
 *   EMAIL_API_KEY   required, the provider's API key
 *   EMAIL_API_URL   optional, default https://api.resend.com/emails
 */
export function createHttpEmailTransport(
  env: (name: string) => string | undefined,
  fetchImpl: typeof fetch,
): MailTransport {
  return {
    async send(message: MailMessage) {
      const apiKey = env('EMAIL_API_KEY');
      if (!apiKey) throw new Error('EMAIL_API_KEY is not set');
      const response = await fetchImpl(env('EMAIL_API_URL') ?? 'https://api.resend.com/emails', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/json',
          ...(message.idempotencyKey ? { 'Idempotency-Key': message.idempotencyKey } : {}),
        },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
        }),
      });
      if (!response.ok) {
        throw new Error(
          `e-mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
        );
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { id: typeof body.id === 'string' ? body.id : 'sent' };
    },
  };
}
