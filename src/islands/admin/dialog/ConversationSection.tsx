import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { conversationFields } from '~/lib/field-rules.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isNoAnswer, newWriteKey } from '~/lib/admin/writes.ts';
import { adminQueryKeys } from '../data.ts';
import { UserText } from '../parts.tsx';
import { goToLogin } from '../session.ts';
import {
  conversationKey,
  fetchPatientConversation,
  keepReply,
  readKeptReply,
  replyToPatient,
  type ConversationMessage,
  type KeptReply,
} from './conversationData.ts';
import { useLiveConversation } from './useLiveConversation.ts';
import { SendRow } from './SendRow.tsx';

type Outcome =
  { kind: 'sent' } | { kind: 'refused'; text: string } | { kind: 'lost'; text: string };

/** The conversation, oldest first: the patient's messages at the start, replies at the end. */
function MessageList({ messages }: { messages: ConversationMessage[] }) {
  return (
    <ol className="mt-3 space-y-2" aria-live="polite" data-testid="conversation-messages">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`max-w-[85%] rounded-lg px-3 py-2 ${
            message.direction === 'patient'
              ? 'me-auto bg-sand-100'
              : 'ms-auto bg-teal-50 ring-1 ring-teal-200'
          }`}
          data-direction={message.direction}
        >
          <p className="text-xs text-muted">
            {message.direction === 'patient'
              ? adminText('admin.conversation.fromPatient')
              : adminText('admin.conversation.fromStaff', {
                  name: message.author ?? adminText('admin.team.system'),
                })}
            {' · '}
            <time dateTime={message.created_at}>{formatRequestDate(message.created_at)}</time>
          </p>
          <p className="text-sm whitespace-pre-line">
            <UserText>{message.body}</UserText>
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * «رسائل صفحة المريض» in the request dialog (issue 43, item 4): what the patient wrote from their
 * page and the replies, oldest first, and a composer whose reply shows on the patient's page. The
 * reply goes out under the write protocol: its idempotency key is kept with the text in this tab
 * (conversationData.ts) from the first press until an answer or a refusal, so «إعادة المحاولة»
 * after a lost answer is the same reply; a refusal is worded by its rule (refusalText). Ctrl/⌘+Enter
 * sends from the text box. A new message while the dialog is open shows at once
 * (useLiveConversation).
 */
export function ConversationSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: conversationKey(request.id),
    queryFn: () => fetchPatientConversation(request.id),
  });
  useLiveConversation(request.id);
  const [kept, setKept] = useState<KeptReply>(() => readKeptReply(request.id));
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messages = conversation.data ?? [];
  const { max } = conversationFields.body;
  const length = kept.text.trim().length;
  const canSend = !sending && length >= 1 && length <= max;

  const update = (next: KeptReply) => {
    setKept(next);
    keepReply(request.id, next);
  };

  const send = async () => {
    if (!canSend && !kept.key) return;
    if (sending) return;
    const key = kept.key ?? newWriteKey();
    update({ ...kept, key });
    setSending(true);
    setOutcome(null);
    try {
      await replyToPatient(request.id, kept.text, key);
      update({ text: '', key: null });
      setOutcome({ kind: 'sent' });
      void queryClient.invalidateQueries({ queryKey: conversationKey(request.id) });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
    } catch (error) {
      if (isSessionError(error)) return goToLogin('expired');
      if (isNoAnswer(error)) {
        // The reply may have been stored: the same key again is the same reply.
        setOutcome({ kind: 'lost', text: refusalText(error) });
      } else {
        update({ text: kept.text, key: null });
        setOutcome({ kind: 'refused', text: refusalText(error) });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="conversation-section"
    >
      <h3 id={`${uid}-title`} className="text-base font-bold">
        {adminText('admin.conversation.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{adminText('admin.conversation.lead')}</p>
      {conversation.isPending && (
        <p className="mt-2 text-sm text-muted">{adminText('admin.conversation.loading')}</p>
      )}
      {conversation.isError && (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.conversation.error')}</p>
      )}
      {conversation.data && messages.length === 0 && (
        <p className="mt-2 text-sm text-muted">{adminText('admin.conversation.empty')}</p>
      )}
      {messages.length > 0 && <MessageList messages={messages} />}
      <div className="mt-3">
        <label htmlFor={`${uid}-reply`} className="block text-sm font-semibold">
          {adminText('admin.conversation.label')}
        </label>
        <textarea
          id={`${uid}-reply`}
          rows={3}
          dir="auto"
          maxLength={max}
          value={kept.text}
          aria-describedby={`${uid}-hint`}
          onChange={(event) => update({ ...kept, text: event.target.value })}
          onKeyDown={(event) => {
            if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
              event.preventDefault();
              void send();
            }
          }}
          className="mt-1 block w-full rounded-lg border border-sand-300 px-3 py-2 text-sm"
          data-testid="conversation-reply"
        />
        <p id={`${uid}-hint`} className="mt-1 text-xs text-muted">
          {adminText('admin.conversation.hint', { count: String(length) })}{' '}
          {adminText('admin.conversation.shortcut')}
        </p>
        <SendRow
          labels={{
            send: adminText('admin.conversation.send'),
            sending: adminText('admin.conversation.sending'),
            retry: adminText('admin.conversation.retry'),
          }}
          sending={sending}
          lost={outcome?.kind === 'lost'}
          disabled={!canSend && !(kept.key && !sending)}
          onSend={() => void send()}
          status={
            outcome?.kind === 'sent' ? adminText('admin.conversation.sent') : (outcome?.text ?? '')
          }
          problem={Boolean(outcome && outcome.kind !== 'sent')}
          testIds={{ button: 'conversation-send', status: 'conversation-status' }}
        />
      </div>
    </section>
  );
}
