import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { isNoAnswer, newWriteKey } from '~/lib/admin/writes.ts';
import { adminQueryKeys } from '../data.ts';
import { goToLogin } from '../session.ts';
import {
  fetchWhatsAppTemplates,
  sendWhatsAppMessage,
  whatsappKey,
  whatsappTemplatesKey,
  type WhatsAppConversation,
  type WhatsAppTemplate,
} from './whatsappData.ts';
import { SendRow } from './SendRow.tsx';

/** Meta's limit of a text message's body, which the database checks too. */
const MAX_TEXT = 4096;

type Outcome =
  { kind: 'queued' } | { kind: 'refused'; text: string } | { kind: 'lost'; text: string };

/** Outside the window: the approved templates in the request's language, and why only they. */
function TemplateChoices({
  name,
  options,
  loaded,
  chosen,
  onChoose,
  patientWrote,
}: {
  name: string;
  options: WhatsAppTemplate[];
  loaded: boolean;
  chosen: string | null;
  onChoose: (template: string) => void;
  patientWrote: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        {adminText('admin.whatsapp.composer.template')}
      </legend>
      <p className="mt-1 text-sm text-muted" data-testid="whatsapp-templates-only">
        {patientWrote
          ? adminText('admin.whatsapp.composer.templatesOnly')
          : adminText('admin.whatsapp.composer.neverWrote')}
      </p>
      {loaded && options.length === 0 && (
        <p className="mt-2 text-sm text-offer-700">
          {adminText('admin.whatsapp.composer.noTemplates')}
        </p>
      )}
      <ul className="mt-2 space-y-2" data-testid="whatsapp-template-choices">
        {options.map((option) => (
          <li key={option.name}>
            <label className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-sand-200 p-2 text-sm">
              <input
                type="radio"
                name={name}
                value={option.name}
                checked={chosen === option.name}
                onChange={() => onChoose(option.name)}
                className="mt-1"
              />
              <span dir="auto">{option.body}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The WhatsApp composer of the request dialog (issue 46 item 3). Within 24 hours of the patient's
 * last message it offers free text; outside that window (or before the patient ever wrote) only
 * the templates Meta approved, and says why, as WhatsApp's customer-service window rules. The
 * database applies the same rule (public.send_whatsapp_message), so a window that closed while
 * the dialog was open is refused by name. A send carries the write protocol's idempotency key,
 * kept from the first press until an answer settles it, so «إعادة المحاولة» after a lost answer
 * is the same message; the message then shows in the conversation with Meta's states.
 */
export function WhatsAppComposer({
  request,
  conversation,
}: {
  request: ContactRequest;
  conversation: WhatsAppConversation;
}) {
  const uid = useId();
  const queryClient = useQueryClient();
  const open = conversation.window_open;
  const templates = useQuery({
    queryKey: whatsappTemplatesKey,
    queryFn: fetchWhatsAppTemplates,
    enabled: !open,
  });
  const offered = (templates.data ?? []).filter((t) => t.language === request.language);
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const length = text.trim().length;
  const chosen = template ?? offered[0]?.name ?? null;
  const ready = open ? length >= 1 && length <= MAX_TEXT : chosen !== null;

  const send = async () => {
    if (sending || (!ready && !key)) return;
    const writeKey = key ?? newWriteKey();
    setKey(writeKey);
    setSending(true);
    setOutcome(null);
    try {
      await sendWhatsAppMessage(
        request.id,
        open ? { text } : { template: chosen ?? '', language: request.language },
        writeKey,
      );
      setKey(null);
      setText('');
      setOutcome({ kind: 'queued' });
      void queryClient.invalidateQueries({ queryKey: whatsappKey(request.id) });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
    } catch (error) {
      if (isSessionError(error)) return goToLogin('expired');
      if (isNoAnswer(error)) {
        setOutcome({ kind: 'lost', text: refusalText(error) });
      } else {
        setKey(null);
        setOutcome({ kind: 'refused', text: refusalText(error) });
        // A refusal of the window means the conversation the dialog holds is out of date.
        void queryClient.invalidateQueries({ queryKey: whatsappKey(request.id) });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mt-3" data-testid="whatsapp-composer" data-window={open ? 'open' : 'closed'}>
      {open ? (
        <>
          <label htmlFor={`${uid}-text`} className="block text-sm font-semibold">
            {adminText('admin.whatsapp.composer.label')}
          </label>
          <textarea
            id={`${uid}-text`}
            rows={3}
            dir="auto"
            maxLength={MAX_TEXT}
            value={text}
            aria-describedby={`${uid}-count`}
            onChange={(event) => setText(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-sand-300 px-3 py-2 text-sm"
            data-testid="whatsapp-text"
          />
          <p id={`${uid}-count`} className="mt-1 text-xs text-muted">
            {adminText('admin.whatsapp.composer.count', { count: String(length) })}
          </p>
        </>
      ) : (
        <TemplateChoices
          name={`${uid}-template`}
          options={offered}
          loaded={templates.data !== undefined}
          chosen={chosen}
          onChoose={setTemplate}
          patientWrote={conversation.last_inbound_at !== null}
        />
      )}
      <SendRow
        labels={{
          send: adminText('admin.whatsapp.composer.send'),
          sending: adminText('admin.whatsapp.composer.sending'),
          retry: adminText('admin.whatsapp.composer.retry'),
        }}
        sending={sending}
        lost={outcome?.kind === 'lost'}
        disabled={sending || (!ready && !key)}
        onSend={() => void send()}
        status={
          outcome?.kind === 'queued'
            ? adminText('admin.whatsapp.composer.queued')
            : (outcome?.text ?? '')
        }
        problem={Boolean(outcome && outcome.kind !== 'queued')}
        testIds={{ button: 'whatsapp-send', status: 'whatsapp-send-status' }}
      />
    </div>
  );
}
