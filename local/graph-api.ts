import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http.ts';

/**
 * The local stand-in for Meta's Graph API (issue 46; docs/local-stack.md "Graph API stand-in"). It
 * answers exactly the calls the product makes (supabase/functions/_shared/whatsapp-graph.ts) and
 * nothing else (404 with Meta's error shape):
 *
 *   POST /{version}/{phone-number-id}/messages   a text or template → Meta's answer with a new
 *        wamid; a template it was not told is approved → 400 code 132001 (as Meta refuses one)
 *   GET  /{version}/{media-id}                   a medium it holds → { messaging_product, url,
 *        mime_type, sha256, file_size, id }; unknown → 400 code 100 (Meta's "does not exist")
 *   GET  /media/{media-id}                       its bytes (the `url` above)
 *
 * and, for the browser tests only, POST /test/undeliverable { number } (a number whose messages
 * it accepts and then reports failed) and POST /test/media { id, mime_type, base64 } (a medium).
 *
 * Every call needs `Authorization: Bearer <the token it was given>` (401 code 190 otherwise). After
 * a send is accepted it emits Meta's status webhooks to the product's whatsapp-webhook, signed
 * with the app secret as Meta signs them: `sent` then `delivered`, or, for a number it was told is
 * undeliverable, `failed` with Meta's documented error (131026, "Message undeliverable").
 */

export interface GraphStandInOptions {
  token: string;
  phoneNumberId: string;
  /** Where Meta's status webhooks go, and the secret they are signed with. */
  webhookUrl?: () => string;
  appSecret?: string;
  /** Templates the stand-in treats as approved (`name:language`); every one when left out. */
  approvedTemplates?: Set<string>;
  log?: (line: string) => void;
}

export interface SentMessage {
  id: string;
  to: string;
  type: 'text' | 'template';
  text?: string;
  template?: { name: string; language: string };
}

/** Meta's documented failure of a message to a number that cannot receive it. */
export const UNDELIVERABLE_ERROR = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: {
    details:
      'Unable to deliver message. The recipient’s phone number is not a WhatsApp phone number, or they have not accepted the terms of service.',
  },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
};

/** An error as the Graph API answers it. */
function graphError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  details?: string,
) {
  sendJson(res, status, {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

/** One status notification as Meta posts it to the webhook, and its X-Hub-Signature-256. */
export function signedStatusNotification(
  appSecret: string,
  phoneNumberId: string,
  status: { id: string; recipient: string; status: string; errors?: unknown[] },
): { body: string; signature: string } {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'local-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: status.id,
                  status: status.status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: status.recipient,
                  ...(status.errors ? { errors: status.errors } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return { body, signature };
}

/** A send as the stand-in reads it: the message, or the refusal Meta would answer. */
function readOutbound(
  raw: Buffer,
  approved: Set<string> | undefined,
): { message: SentMessage } | { refusal: [number, number, string, string?] } {
  let request: {
    messaging_product?: string;
    to?: string;
    type?: string;
    text?: { body?: string };
    template?: { name?: string; language?: { code?: string } };
  };
  try {
    request = JSON.parse(raw.toString('utf8') || '{}') as typeof request;
  } catch {
    return { refusal: [400, 100, 'Invalid JSON'] };
  }
  const to = request.to ?? '';
  if (request.messaging_product !== 'whatsapp' || !/^[0-9]{6,15}$/.test(to)) {
    return { refusal: [400, 100, 'Invalid parameter', 'to or messaging_product'] };
  }
  const id = `wamid.LOCAL${randomBytes(12).toString('hex')}`;
  if (request.type === 'text' && typeof request.text?.body === 'string' && request.text.body) {
    return { message: { id, to, type: 'text', text: request.text.body } };
  }
  const name = request.template?.name;
  const language = request.template?.language?.code;
  if (request.type === 'template' && name && language) {
    if (approved && !approved.has(`${name}:${language}`)) {
      return {
        refusal: [
          400,
          132001,
          'Template name does not exist in the translation',
          `template name (${name}) does not exist in ${language}`,
        ],
      };
    }
    return { message: { id, to, type: 'template', template: { name, language } } };
  }
  return { refusal: [400, 100, 'Invalid parameter', 'type'] };
}

/** Posts one status notification to the webhook, signed as Meta signs it; its HTTP status. */
async function postStatus(
  options: GraphStandInOptions,
  status: { id: string; recipient: string; status: string; errors?: unknown[] },
): Promise<number> {
  if (!options.webhookUrl || !options.appSecret) return 0;
  const { body, signature } = signedStatusNotification(
    options.appSecret,
    options.phoneNumberId,
    status,
  );
  const response = await fetch(options.webhookUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The tests' control routes (POST /test/…), not Meta's API. */
async function handleTestControl(
  req: IncomingMessage,
  res: ServerResponse,
  what: string,
  body: Buffer | undefined,
  state: { media: Map<string, { bytes: Buffer; mimeType: string }>; undeliverable: Set<string> },
): Promise<void> {
  // The tests' control, not Meta's API: a number whose messages Meta accepts and then fails.
  if (what === 'undeliverable') {
    const number = (
      JSON.parse((body ?? (await readBody(req, 1024))).toString('utf8') || '{}') as {
        number?: unknown;
      }
    ).number;
    if (typeof number !== 'string' || !/^[0-9]{6,15}$/.test(number)) {
      return graphError(res, 400, 100, 'Invalid parameter', 'number');
    }
    state.undeliverable.add(number);
    return sendJson(res, 200, { ok: true });
  }
  // The tests' control too: a medium a patient "sent" (its bytes in base64).
  if (what === 'media') {
    const medium = JSON.parse(
      (body ?? (await readBody(req, 12 * 1024 * 1024))).toString('utf8') || '{}',
    ) as { id?: unknown; mime_type?: unknown; base64?: unknown };
    if (
      typeof medium.id !== 'string' ||
      typeof medium.mime_type !== 'string' ||
      typeof medium.base64 !== 'string'
    ) {
      return graphError(res, 400, 100, 'Invalid parameter', 'id, mime_type or base64');
    }
    state.media.set(medium.id, {
      bytes: Buffer.from(medium.base64, 'base64'),
      mimeType: medium.mime_type,
    });
    return sendJson(res, 200, { ok: true });
  }
  return graphError(res, 404, 100, `Unknown path components: /test/${what}`);
}

export function createGraphStandIn(options: GraphStandInOptions) {
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  const sent: SentMessage[] = [];
  const undeliverable = new Set<string>();
  let base = '';

  const emitStatus = (
    id: string,
    recipient: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    errors?: unknown[],
  ) => postStatus(options, { id, recipient, status, ...(errors ? { errors } : {}) });

  async function afterSend(message: SentMessage) {
    try {
      if (undeliverable.has(message.to)) {
        await emitStatus(message.id, message.to, 'failed', [UNDELIVERABLE_ERROR]);
        return;
      }
      await emitStatus(message.id, message.to, 'sent');
      await emitStatus(message.id, message.to, 'delivered');
    } catch (error) {
      options.log?.(
        `[graph] status webhook failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Answers one call; `body` when the caller already read it (the local server reads bodies). */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body?: Buffer,
  ): Promise<void> {
    if (req.headers['authorization'] !== `Bearer ${options.token}`) {
      return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method === 'POST' && parts[0] === 'test') {
      return handleTestControl(req, res, parts.slice(1).join('/'), body, { media, undeliverable });
    }
    if (req.method === 'GET' && parts.length === 2 && parts[0] === 'media') {
      const found = media.get(parts[1]!);
      if (!found) return graphError(res, 404, 100, 'Unsupported get request.');
      res.writeHead(200, {
        'Content-Type': found.mimeType,
        'Content-Length': String(found.bytes.length),
      });
      res.end(found.bytes);
      return;
    }
    if (req.method === 'GET' && parts.length === 2 && /^v[0-9.]+$/.test(parts[0]!)) {
      const found = media.get(parts[1]!);
      if (!found) {
        return graphError(
          res,
          400,
          100,
          `Unsupported get request. Object with ID '${parts[1]}' does not exist`,
        );
      }
      return sendJson(res, 200, {
        messaging_product: 'whatsapp',
        url: `${base}/media/${encodeURIComponent(parts[1]!)}`,
        mime_type: found.mimeType,
        sha256: createHash('sha256').update(found.bytes).digest('hex'),
        file_size: String(found.bytes.length),
        id: parts[1],
      });
    }
    if (
      req.method === 'POST' &&
      parts.length === 3 &&
      /^v[0-9.]+$/.test(parts[0]!) &&
      parts[2] === 'messages'
    ) {
      if (parts[1] !== options.phoneNumberId) {
        return graphError(res, 400, 100, `Object with ID '${parts[1]}' does not exist`);
      }
      const read = readOutbound(
        body ?? (await readBody(req, 64 * 1024)),
        options.approvedTemplates,
      );
      if ('refusal' in read) return graphError(res, ...read.refusal);
      const message = read.message;
      sent.push(message);
      sendJson(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id: message.id }],
      });
      // Meta's states follow the answer, as its webhooks do.
      setTimeout(() => void afterSend(message), 300);
      return;
    }
    return graphError(res, 404, 100, `Unknown path components: /${parts.join('/')}`);
  }

  return {
    /** The URL the stand-in is reached under (WHATSAPP_GRAPH_URL), set by whoever serves it. */
    setBase(url: string) {
      base = url.replace(/\/$/, '');
    },
    handle,
    /** A medium a patient "sent": the webhook payload then names `id`. */
    addMedia(id: string, bytes: Uint8Array, mimeType: string) {
      media.set(id, { bytes: Buffer.from(bytes), mimeType });
    },
    /** A number whose messages Meta accepts and then reports failed (131026). */
    markUndeliverable(number: string) {
      undeliverable.add(number);
    },
    emitStatus,
    sent,
  };
}

export type GraphStandIn = ReturnType<typeof createGraphStandIn>;
