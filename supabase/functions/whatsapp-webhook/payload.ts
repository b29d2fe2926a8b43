/**
 * What the product reads from Meta's webhook payload (field "messages" of a WhatsApp Business
 * Account): `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages',
 * value: { messaging_product, metadata: { display_phone_number, phone_number_id }, contacts:
 * [{ profile: { name }, wa_id }], messages: [...], statuses: [...] } }] }] }`. Each message becomes
 * the object public.whatsapp_receive stores, each status the one public.whatsapp_status applies.
 * Kinds the product does not keep (reactions, stickers, system notices…) are counted, not stored.
 */

export interface InboundMessage {
  id: string;
  from: string;
  timestamp: string;
  type: 'text' | 'image' | 'document' | 'audio' | 'video' | 'location';
  name?: string;
  body?: string;
  media?: { id: string; mime_type?: string; filename?: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
}

export interface StatusUpdate {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

export interface ReadPayload {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** Messages of kinds the product does not keep, and changes of another phone number. */
  skipped: number;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function media(value: unknown): InboundMessage['media'] | undefined {
  const item = object(value);
  const id = text(item?.['id']);
  if (!item || !id) return undefined;
  const mime = text(item['mime_type']);
  const filename = text(item['filename']);
  return { id, ...(mime ? { mime_type: mime } : {}), ...(filename ? { filename } : {}) };
}

function message(value: unknown, names: Map<string, string>): InboundMessage | null {
  const item = object(value);
  const id = text(item?.['id']);
  const from = text(item?.['from']);
  const timestamp = item?.['timestamp'];
  const type = text(item?.['type']);
  if (!item || !id || !from || !/^[0-9]{6,15}$/.test(from) || !type) return null;
  const stamp = typeof timestamp === 'number' ? String(Math.floor(timestamp)) : text(timestamp);
  if (!stamp || !/^[0-9]{1,12}$/.test(stamp)) return null;
  const profile = names.get(from);
  const base = { id, from, timestamp: stamp, ...(profile ? { name: profile } : {}) };
  const part = object(item[type]);
  switch (type) {
    case 'text': {
      const body = text(part?.['body']);
      return body ? { ...base, type, body } : null;
    }
    // A reply with a template's quick-reply button or an interactive list: its text.
    case 'button': {
      const body = text(part?.['text']);
      return body ? { ...base, type: 'text', body } : null;
    }
    case 'interactive': {
      const reply = object(part?.['button_reply']) ?? object(part?.['list_reply']);
      const body = text(reply?.['title']);
      return body ? { ...base, type: 'text', body } : null;
    }
    case 'image':
    case 'document':
    case 'audio':
    case 'video': {
      const file = media(part);
      if (!file) return null;
      const caption = text(part?.['caption']);
      return { ...base, type, media: file, ...(caption ? { body: caption } : {}) };
    }
    case 'location': {
      const latitude = Number(part?.['latitude']);
      const longitude = Number(part?.['longitude']);
      if (!part || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      const name = text(part['name']);
      const address = text(part['address']);
      return {
        ...base,
        type,
        location: {
          latitude,
          longitude,
          ...(name ? { name } : {}),
          ...(address ? { address } : {}),
        },
      };
    }
    default:
      return null;
  }
}

const STATES = new Set(['sent', 'delivered', 'read', 'failed']);

function status(value: unknown): StatusUpdate | null {
  const item = object(value);
  const id = text(item?.['id']);
  const state = text(item?.['status']);
  const timestamp = item?.['timestamp'];
  const stamp = typeof timestamp === 'number' ? String(Math.floor(timestamp)) : text(timestamp);
  if (!item || !id || !state || !STATES.has(state) || !stamp || !/^[0-9]{1,12}$/.test(stamp)) {
    return null;
  }
  const errors = list(item['errors'])
    .map(object)
    .filter((error): error is Json => error !== null)
    .map((error) => {
      const code = Number(error['code']);
      const title = text(error['title']);
      const detail = text(object(error['error_data'])?.['details']);
      const said = text(error['message']);
      return {
        ...(Number.isInteger(code) ? { code } : {}),
        ...(title ? { title } : {}),
        ...(said ? { message: said } : {}),
        ...(detail ? { error_data: { details: detail } } : {}),
      };
    });
  const recipient = text(item['recipient_id']);
  return {
    id,
    status: state as StatusUpdate['status'],
    timestamp: stamp,
    ...(recipient ? { recipient_id: recipient } : {}),
    ...(errors.length ? { errors } : {}),
  };
}

/**
 * The messages and statuses of a payload; null when it is not a WhatsApp Business Account
 * notification. With `phoneNumberId`, changes of any other number of the account are skipped.
 */
export function readPayload(payload: unknown, phoneNumberId?: string): ReadPayload | null {
  const root = object(payload);
  if (!root || root['object'] !== 'whatsapp_business_account') return null;
  const result: ReadPayload = { messages: [], statuses: [], skipped: 0 };
  for (const entry of list(root['entry'])) {
    for (const change of list(object(entry)?.['changes'])) {
      const item = object(change);
      const value = object(item?.['value']);
      if (!item || item['field'] !== 'messages' || !value) continue;
      const number = text(object(value['metadata'])?.['phone_number_id']);
      if (phoneNumberId && number !== phoneNumberId) {
        result.skipped += list(value['messages']).length + list(value['statuses']).length;
        continue;
      }
      const names = new Map<string, string>();
      for (const contact of list(value['contacts'])) {
        const waId = text(object(contact)?.['wa_id']);
        const name = text(object(object(contact)?.['profile'])?.['name']);
        if (waId && name) names.set(waId, name);
      }
      for (const raw of list(value['messages'])) {
        const read = message(raw, names);
        if (read) result.messages.push(read);
        else result.skipped += 1;
      }
      for (const raw of list(value['statuses'])) {
        const read = status(raw);
        if (read) result.statuses.push(read);
        else result.skipped += 1;
      }
    }
  }
  return result;
}
