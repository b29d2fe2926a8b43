/**
 * What an edge-function handler needs from the platform, injected so the same handler runs on
 * Supabase's Deno runtime (production: HTTP e-mail API, Google Indexing API) and inside the local
 * Node server (an outbox under .data/, a recorded submission). Handlers only use web standards
 * (Request, Response, fetch, crypto.subtle), never Deno or Node APIs.
 */

export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (no remote images, no tracking). */
  html?: string;
  /**
   * Same key, same message: a provider that saw it already (Resend keeps keys 24 hours) does not
   * send it again, so a delivery retried after a lost answer mails once.
   */
  idempotencyKey?: string;
}

export interface MailTransport {
  /** Delivers a message; resolves to the provider's (or outbox's) id. */
  send(message: MailMessage): Promise<{ id: string }>;
}

export interface IndexingSubmission {
  url: string;
  /** Which service accepted or refused the URL. */
  service: 'google' | 'indexnow' | 'local';
  ok: boolean;
  status?: number;
  error?: string;
}

export interface IndexingSubmitter {
  submit(urls: string[]): Promise<IndexingSubmission[]>;
}

export interface FunctionRuntime {
  /** Reads a secret or setting (Deno.env.get in production, the local server's env locally). */
  env(name: string): string | undefined;
  fetch: typeof fetch;
  mail: MailTransport;
  indexing: IndexingSubmitter;
}

/** Builds the handler of one function from a runtime. */
export type HandlerFactory = (runtime: FunctionRuntime) => (request: Request) => Promise<Response>;
