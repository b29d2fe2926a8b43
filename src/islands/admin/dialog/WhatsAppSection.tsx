import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { reasonLabel } from '~/lib/admin/file-events.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { UserText } from '../parts.tsx';
import { useLiveWhatsApp } from './useLiveWhatsApp.ts';
import { WhatsAppComposer } from './WhatsAppComposer.tsx';
import { fetchConversation, whatsappKey, type WhatsAppMessage } from './whatsappData.ts';

/** Why a photo or document did not reach the request's files, in the staff's words. */
function mediaReason(message: WhatsAppMessage): string {
  const reason = message.media_reason ?? '';
  if (message.media_state !== 'refused') return reason;
  if (reason === 'file_type') return adminText('admin.whatsapp.media.type');
  if (reason === 'file_too_large') return reasonLabel('too_large');
  if (reason === 'request_files_full' || reason === 'file_slot_full') {
    return adminText('admin.writes.rule.files_full');
  }
  return reasonLabel(reason);
}

function MessageText({ message }: { message: WhatsAppMessage }) {
  if (message.kind === 'location') {
    return (
      <p className="text-sm">
        {adminText('admin.whatsapp.location', {
          place: message.place_name ?? message.place_address ?? '',
          latitude: String(message.latitude ?? ''),
          longitude: String(message.longitude ?? ''),
        })}
      </p>
    );
  }
  return (
    <>
      {message.kind !== 'text' && (
        <p className="text-xs font-semibold text-muted">
          {adminText(`admin.whatsapp.kind.${message.kind}` as AdminKey)}
          {message.media_name ? ' · ' : ''}
          {message.media_name ? <UserText>{message.media_name}</UserText> : null}
        </p>
      )}
      {message.body && (
        <p className="text-sm whitespace-pre-line">
          <UserText>{message.body}</UserText>
        </p>
      )}
      {message.media_state && (
        <p
          className={`mt-1 text-xs ${message.media_state === 'stored' || message.media_state === 'pending' ? 'text-muted' : 'font-semibold text-offer-700'}`}
          data-testid="whatsapp-media-state"
        >
          {adminText(`admin.whatsapp.media.${message.media_state}` as AdminKey, {
            reason: mediaReason(message),
          })}
        </p>
      )}
    </>
  );
}

function MessageState({ message }: { message: WhatsAppMessage }) {
  if (message.direction === 'in') return null;
  const failed = message.state === 'failed';
  const reason = [message.error_title, message.error_detail, message.error_code]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
  return (
    <p
      className={`mt-1 text-xs ${failed ? 'font-semibold text-offer-700' : 'text-muted'}`}
      data-testid="whatsapp-state"
    >
      {failed
        ? adminText('admin.whatsapp.state.failed', { reason })
        : adminText(`admin.whatsapp.state.${message.state}` as AdminKey)}
    </p>
  );
}

/**
 * «محادثة واتساب» in the request dialog (issue 46): what the patient wrote to the agency's number
 * and what the agency sent through the Cloud API, oldest first, with Meta's delivery state of each
 * sent message (a failure with Meta's reason), and whether the 24-hour customer-service window is
 * open; a photo or document says whether it reached the request's files; the composer below
 * (WhatsAppComposer) sends free text inside the window and approved templates outside it. A message arriving while the dialog is open shows at once (useLiveWhatsApp).
 */
export function WhatsAppSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const conversation = useQuery({
    queryKey: whatsappKey(request.id),
    queryFn: () => fetchConversation(request.id),
  });
  const messages = conversation.data?.messages ?? [];
  useLiveWhatsApp(request.id);
  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="whatsapp-section"
    >
      <h3 id={`${uid}-title`} className="text-base font-bold">
        {adminText('admin.whatsapp.title')}
      </h3>
      {conversation.isPending && (
        <p className="mt-2 text-sm text-muted">{adminText('admin.whatsapp.loading')}</p>
      )}
      {conversation.isError && (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.whatsapp.error')}</p>
      )}
      {conversation.data && messages.length === 0 && (
        <p className="mt-2 text-sm text-muted">{adminText('admin.whatsapp.empty')}</p>
      )}
      {messages.length > 0 && (
        <ol className="mt-3 space-y-2" aria-live="polite" data-testid="whatsapp-messages">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`max-w-[85%] rounded-lg px-3 py-2 ${
                message.direction === 'in'
                  ? 'me-auto bg-sand-100'
                  : 'ms-auto bg-teal-50 ring-1 ring-teal-200'
              }`}
              data-direction={message.direction}
            >
              <p className="text-xs text-muted">
                {message.direction === 'in'
                  ? adminText('admin.whatsapp.fromPatient')
                  : adminText('admin.whatsapp.fromAgency', {
                      name: message.author ?? adminText('admin.team.system'),
                    })}
                {' · '}
                <time dateTime={message.sent_at}>{formatRequestDate(message.sent_at)}</time>
              </p>
              <MessageText message={message} />
              <MessageState message={message} />
            </li>
          ))}
        </ol>
      )}
      {conversation.data?.last_inbound_at && (
        <p className="mt-3 text-xs text-muted" data-testid="whatsapp-window">
          {conversation.data.window_open && conversation.data.window_closes_at
            ? adminText('admin.whatsapp.windowOpen', {
                time: formatRequestDate(conversation.data.window_closes_at),
              })
            : adminText('admin.whatsapp.windowClosed')}
        </p>
      )}
      {conversation.data && <WhatsAppComposer request={request} conversation={conversation.data} />}
    </section>
  );
}
