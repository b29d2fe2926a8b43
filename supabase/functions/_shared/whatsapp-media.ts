import { BUCKET, checkFile, type FileTarget } from '../request-files/check.ts';
import type { FunctionRuntime } from './runtime.ts';
import type { ServiceApi } from './service-api.ts';
import { downloadWhatsAppMedia, graphConfig, MAX_MEDIA_BYTES } from './whatsapp-graph.ts';

/**
 * An image or a document a patient sent on WhatsApp, into the request's files through the one
 * file gate (issue 46 item 2; migration 20261207130100): downloaded from the Graph API, begun as a
 * request file (public.whatsapp_media_begin: the slot asked for, else the reports, the upload
 * limits), uploaded into the private bucket and checked exactly as a patient's upload is
 * (request-files/check.ts: the gate on its bytes, then public.finish_request_file), and the
 * message told how it ended (public.finish_whatsapp_media). Meta out of reach: tried again later
 * by the whatsapp-send worker; a medium Meta no longer has: failed with what Meta said.
 */

interface ClaimedMedium {
  message_id: string;
  media_id: string;
  media_type: string | null;
}

export interface MediaResult {
  stored: number;
  refused: number;
  retried: number;
  failed: number;
}

async function fetchOne(
  api: ServiceApi,
  runtime: FunctionRuntime,
  medium: ClaimedMedium,
): Promise<keyof MediaResult> {
  const finish = async (outcome: 'checked' | 'retry' | 'failed', reason?: string) => {
    const state = await api.rpc<string>('finish_whatsapp_media', {
      _message_id: medium.message_id,
      _outcome: outcome,
      _reason: reason ?? null,
    });
    if (state === 'stored') return 'stored';
    if (state === 'refused') return 'refused';
    return state === 'pending' ? 'retried' : 'failed';
  };
  const config = graphConfig(runtime.env);
  if (!config) return finish('retry', 'WHATSAPP_ACCESS_TOKEN not set');
  const downloaded = await downloadWhatsAppMedia(runtime, config, medium.media_id);
  if (!downloaded.ok) {
    const reason = [downloaded.status, downloaded.error.code, downloaded.error.title]
      .filter((part) => part !== undefined && part !== 0)
      .join(' ');
    return finish(downloaded.retry ? 'retry' : 'failed', reason);
  }
  const file = downloaded.value;
  // The type Meta declared when the message came, else the one it gives now.
  const declared = medium.media_type || (file === 'too_large' ? '' : file.mimeType);
  const target = await api.rpc<(FileTarget & { refused?: undefined }) | { refused: string } | null>(
    'whatsapp_media_begin',
    {
      _message_id: medium.message_id,
      _content_type: declared,
      _bytes: file === 'too_large' ? MAX_MEDIA_BYTES + 1 : file.bytes.length,
    },
  );
  if (!target) return 'failed';
  if (target.refused !== undefined || file === 'too_large') return 'refused';
  await api.upload(BUCKET, target.object_path, file.bytes, target.content_type);
  const outcome = await checkFile(api, target);
  return finish(outcome.state === 'not_uploaded' ? 'retry' : 'checked', outcome.state);
}

/** Fetches pending media: `messageId` only (the webhook, at once), else every due one. */
export async function fetchPendingMedia(
  api: ServiceApi,
  runtime: FunctionRuntime,
  messageId?: string,
): Promise<MediaResult> {
  const result: MediaResult = { stored: 0, refused: 0, retried: 0, failed: 0 };
  const claimed = await api.rpc<ClaimedMedium[]>('claim_whatsapp_media', {
    _limit: 10,
    _message_id: messageId ?? null,
  });
  for (const medium of claimed) {
    try {
      result[await fetchOne(api, runtime, medium)] += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`whatsapp media ${medium.message_id}: ${message}`);
      await api
        .rpc('finish_whatsapp_media', {
          _message_id: medium.message_id,
          _outcome: 'retry',
          _reason: message.slice(0, 200),
        })
        .catch(() => undefined);
      result.retried += 1;
    }
  }
  return result;
}
