import type { FunctionRuntime } from './runtime.ts';

/**
 * The calls the product makes to Meta's Graph API for WhatsApp (issue 46; docs/local-stack.md
 * "Graph API stand-in" lists exactly these, which the local stand-in answers):
 *
 *   POST {base}/{version}/{phone-number-id}/messages   a text or a template to one number →
 *        { messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }
 *   GET  {base}/{version}/{media-id}                    a received medium → { url, mime_type,
 *        sha256, file_size, id, messaging_product }
 *   GET  {url}                                         its bytes (the same bearer token)
 *
 * Errors come as `{ error: { message, type, code, error_subcode?, error_data?: { details },
 * fbtrace_id } }`. `WHATSAPP_GRAPH_URL` points at the API (https://graph.facebook.com unless set:
 * the local stack sets its stand-in), `WHATSAPP_GRAPH_VERSION` the version, `WHATSAPP_ACCESS_TOKEN`
 * the system user's token, `WHATSAPP_PHONE_NUMBER_ID` the agency's number.
 */

export const GRAPH_URL = 'https://graph.facebook.com';
export const GRAPH_VERSION = 'v21.0';
/** What the bucket takes at most (the PDF limit); a larger medium is not downloaded whole. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

export interface GraphConfig {
  base: string;
  version: string;
  token: string;
  phoneNumberId: string;
}

/** The Graph API's settings, or null while the token or the number is not set. */
export function graphConfig(env: FunctionRuntime['env']): GraphConfig | null {
  const token = env('WHATSAPP_ACCESS_TOKEN');
  const phoneNumberId = env('WHATSAPP_PHONE_NUMBER_ID');
  if (!token || !phoneNumberId) return null;
  return {
    base: (env('WHATSAPP_GRAPH_URL') || GRAPH_URL).replace(/\/$/, ''),
    version: env('WHATSAPP_GRAPH_VERSION') || GRAPH_VERSION,
    token,
    phoneNumberId,
  };
}

/** Meta's reason, as public.finish_whatsapp_send and the dialog keep it. */
export interface GraphError {
  code?: number;
  title: string;
  details?: string;
}

export type GraphOutcome<T> =
  | { ok: true; value: T }
  /** `retry`: Meta was not reached, answered 5xx or asked to slow down (429, code 130429/80007). */
  | { ok: false; retry: boolean; status: number; error: GraphError };

const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

async function readError(response: Response): Promise<GraphError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
  } | null;
  const error = body?.error;
  const code = Number(error?.code);
  const details = error?.error_data?.details;
  return {
    ...(Number.isInteger(code) ? { code } : {}),
    title:
      typeof error?.message === 'string' && error.message
        ? error.message.slice(0, 300)
        : `HTTP ${response.status}`,
    ...(typeof details === 'string' && details ? { details: details.slice(0, 1000) } : {}),
  };
}

async function call<T>(
  runtime: FunctionRuntime,
  config: GraphConfig,
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<T>,
): Promise<GraphOutcome<T>> {
  let response: Response;
  try {
    response = await runtime.fetch(url, {
      ...init,
      headers: { Authorization: `Bearer ${config.token}`, ...init.headers },
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      retry: true,
      status: 0,
      error: { title: 'Graph API not reached', details: message },
    };
  }
  if (!response.ok) {
    const error = await readError(response);
    const retry =
      response.status >= 500 ||
      response.status === 429 ||
      (error.code !== undefined && RATE_LIMIT_CODES.has(error.code));
    return { ok: false, retry, status: response.status, error };
  }
  return { ok: true, value: await read(response) };
}

/** What goes out: a free text, or an approved template without variables. */
export type OutboundMessage =
  | { kind: 'text'; to: string; body: string }
  | { kind: 'template'; to: string; name: string; language: string };

/** Sends one message; the value is Meta's message id (wamid.…). */
export function sendWhatsApp(
  runtime: FunctionRuntime,
  config: GraphConfig,
  message: OutboundMessage,
): Promise<GraphOutcome<string>> {
  const body =
    message.kind === 'text'
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'text',
          text: { preview_url: false, body: message.body },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: { name: message.name, language: { code: message.language } },
        };
  return call(
    runtime,
    config,
    `${config.base}/${config.version}/${encodeURIComponent(config.phoneNumberId)}/messages`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    async (response) => {
      const answer = (await response.json()) as { messages?: { id?: unknown }[] };
      const id = answer.messages?.[0]?.id;
      if (typeof id !== 'string' || !id) throw new Error('Graph API answered no message id');
      return id;
    },
  );
}

export interface DownloadedMedia {
  bytes: Uint8Array;
  /** The type Meta declares for the medium (the gate checks the bytes are that). */
  mimeType: string;
}

/** Downloads a received medium: its URL by id, then its bytes, at most MAX_MEDIA_BYTES. */
export async function downloadWhatsAppMedia(
  runtime: FunctionRuntime,
  config: GraphConfig,
  mediaId: string,
): Promise<GraphOutcome<DownloadedMedia | 'too_large'>> {
  const described = await call(
    runtime,
    config,
    `${config.base}/${config.version}/${encodeURIComponent(mediaId)}`,
    { method: 'GET' },
    async (response) =>
      (await response.json()) as { url?: unknown; mime_type?: unknown; file_size?: unknown },
  );
  if (!described.ok) return described;
  const { url, mime_type: mimeType, file_size: fileSize } = described.value;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    return {
      ok: false,
      retry: false,
      status: 200,
      error: { title: 'Graph API gave no media URL' },
    };
  }
  if (Number(fileSize) > MAX_MEDIA_BYTES) return { ok: true, value: 'too_large' };
  return call(runtime, config, url, { method: 'GET' }, async (response) => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_MEDIA_BYTES) return 'too_large' as const;
    return { bytes, mimeType: typeof mimeType === 'string' ? mimeType.split(';')[0]!.trim() : '' };
  });
}
