/**
 * The conversation on the patient's page (src/components/patient/PatientConversation.astro; issue
 * 43): read with public.patient_conversation each time the page looks (the first load, a return
 * to the tab, the minute refresh, after the patient's own message), so a reply from the manager
 * shows without a reload. The manager is named by role ('patient.manager', the page's one name for
 * them), never by account. The last thread seen is kept on the phone (under a digest of the token)
 * and shown offline with the time it was seen, like the trip. Loaded by ./page.ts after the status.
 */
import { callRpc } from '~/lib/patient/api.ts';
import { withOwnTexts, type PageContext } from './context.ts';
import { keepCopy, keptCopy } from './cache.ts';
import { partStrings } from './part-strings.ts';

interface Message {
  id: string;
  from: 'patient' | 'staff';
  text: string;
  at: string;
}

const keep = (token: string, messages: Message[]) =>
  keepCopy('conversation', token, 'messages', messages.length ? messages : null);

const kept = (token: string) =>
  keptCopy<{ messages: Message[]; savedAt: string }>('conversation', token);

function render(page: PageContext, section: HTMLElement, messages: Message[]) {
  const list = section.querySelector<HTMLOListElement>('[data-conversation-messages]')!;
  const items = messages.map((message) => {
    const item = document.createElement('li');
    item.dataset['from'] = message.from;
    item.className = `max-w-[85%] rounded-xl px-3 py-2 ${
      message.from === 'staff' ? 'ms-auto bg-teal-50 ring-1 ring-teal-200' : 'me-auto bg-sand-100'
    }`;
    const who = document.createElement('p');
    who.className = 'text-xs text-muted';
    const time = document.createElement('time');
    time.dateTime = message.at;
    time.textContent = page.formatTime(message.at);
    who.append(
      `${page.t(message.from === 'staff' ? 'patient.manager' : 'conversation.you')} · `,
      time,
    );
    const text = document.createElement('p');
    text.className = 'whitespace-pre-line break-words';
    text.dir = 'auto';
    text.textContent = message.text;
    item.append(who, text);
    return item;
  });
  list.replaceChildren(...items);
  section.hidden = messages.length === 0;
}

/** Shows the thread (fresh, or the kept copy when offline); a part that could not load stays hidden. */
export async function showConversation(page: PageContext, token: string): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-conversation]');
  if (!section) return;
  const strings = await partStrings(section);
  if (!strings) return;
  const local = withOwnTexts(page, strings);
  const banner = section.querySelector<HTMLElement>('[data-conversation-offline]')!;
  const outcome = await callRpc('patient_conversation', { _token: token });
  if (outcome.ok) {
    const messages = (outcome.data as { messages?: Message[] } | null)?.messages ?? [];
    banner.hidden = true;
    render(local, section, messages);
    await keep(token, messages);
    return;
  }
  if (outcome.reason !== 'network') return;
  const saved = await kept(token);
  if (!saved) return;
  banner.textContent = local.t('conversation.offline', { time: local.formatTime(saved.savedAt) });
  banner.hidden = false;
  render(local, section, saved.messages);
}
