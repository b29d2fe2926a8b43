/**
 * The after-care check-ins on the patient's page (src/components/patient/PatientAftercare.astro;
 * issue 44): read with public.patient_aftercare each time the page loads or comes back; an asked
 * check-in is answered once with public.patient_answer_checkin: «كل شيء بخير» in one tap, a
 * question with its words, a concern with its words and/or a photo, which goes through the file
 * gate first (./files/send.ts, the request's 'report' slot) and is then named by its file id.
 * Loaded by ./page.ts after the status.
 */
import { callRpc } from '~/lib/patient/api.ts';
import { partStrings } from './part-strings.ts';
import { withOwnTexts, type PageContext } from './context.ts';

type Answer = 'well' | 'question' | 'concern';

interface Checkin {
  id: string;
  day: number;
  photos: boolean;
  due_on: string;
  asked: boolean;
  answer: Answer | null;
  note: string | null;
  has_photo: boolean;
}

interface Aftercare {
  checkins: Checkin[];
  done: boolean;
}

/** The slot a concern's photo goes to: the one every treatment has. */
const PHOTO_SLOT = 'report';

const KNOWN_DAYS = new Set([1, 7, 30, 90, 180]);

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function dayTitle(page: PageContext, day: number): string {
  return KNOWN_DAYS.has(day)
    ? page.t(`aftercare.day.${day}`)
    : page.t('aftercare.dayOther', { day: String(day) });
}

function render(
  page: PageContext,
  section: HTMLElement,
  view: Aftercare,
  onAnswer: (checkin: Checkin, answer: Answer, note: string, photo: File | null) => Promise<void>,
) {
  const list = section.querySelector<HTMLElement>('[data-aftercare-list]')!;
  section.querySelector<HTMLElement>('[data-aftercare-done]')!.hidden = !view.done;
  list.replaceChildren();
  const day = (iso: string) => page.formatDay(`${iso}T12:00:00Z`);
  for (const checkin of view.checkins) {
    const item = element('li', 'rounded-xl border border-sand-300 p-3');
    item.dataset['checkin'] = String(checkin.day);
    const head = element('p', 'font-semibold', dayTitle(page, checkin.day));
    const when = element(
      'span',
      'ms-2 text-sm font-normal text-muted',
      page.t('aftercare.due', { date: day(checkin.due_on) }),
    );
    head.append(' ', when);
    item.append(head);
    if (checkin.photos && !checkin.answer)
      item.append(element('p', 'mt-1 text-sm', page.t('aftercare.photos')));
    if (checkin.answer) {
      const answered = element(
        'p',
        'mt-2 text-sm font-semibold text-teal-900',
        page.t(`aftercare.answered.${checkin.answer}`),
      );
      answered.dataset['checkinAnswer'] = checkin.answer;
      item.append(answered);
      if (checkin.note) {
        const note = element('p', 'mt-1 text-sm whitespace-pre-line', checkin.note);
        note.dir = 'auto';
        item.append(note);
      }
      if (checkin.has_photo)
        item.append(element('p', 'mt-1 text-sm', page.t('aftercare.withPhoto')));
    } else if (checkin.asked) {
      item.append(askForm(page, checkin, onAnswer));
    } else {
      item.append(element('p', 'mt-1 text-sm text-muted', page.t('aftercare.upcoming')));
    }
    list.append(item);
  }
}

/** The three answers; a question or a concern opens its words (and a concern its photo). */
function askForm(
  page: PageContext,
  checkin: Checkin,
  onAnswer: (checkin: Checkin, answer: Answer, note: string, photo: File | null) => Promise<void>,
): HTMLElement {
  const box = element('div', 'mt-2');
  box.append(element('p', 'text-sm font-semibold', page.t('aftercare.ask')));
  const buttons = element('div', 'mt-2 grid gap-2 sm:grid-cols-3');
  const form = element('form', 'mt-3 grid gap-2');
  form.noValidate = true;
  form.hidden = true;
  const noteId = `aftercare-note-${checkin.id}`;
  const label = element('label', 'text-sm font-semibold', page.t('aftercare.noteLabel'));
  label.htmlFor = noteId;
  const note = element(
    'textarea',
    'block w-full rounded-xl border border-sand-300 bg-white px-3 py-2',
  );
  note.id = noteId;
  note.name = 'note';
  note.rows = 3;
  note.maxLength = 1000;
  note.dir = 'auto';
  const photoId = `aftercare-photo-${checkin.id}`;
  const photoLabel = element('label', 'text-sm font-semibold', page.t('aftercare.photoLabel'));
  photoLabel.htmlFor = photoId;
  const photo = element('input', 'block w-full text-sm');
  photo.id = photoId;
  photo.type = 'file';
  photo.accept = 'image/jpeg,image/png,image/webp';
  const actions = element('div', 'flex gap-2');
  const send = element(
    'button',
    'btn btn-primary min-h-11 flex-1 px-4 py-2',
    page.t('aftercare.send'),
  );
  send.type = 'submit';
  const cancel = element('button', 'btn btn-ghost min-h-11 px-4 py-2', page.t('aftercare.cancel'));
  cancel.type = 'button';
  actions.append(send, cancel);
  form.append(label, note, photoLabel, photo, actions);
  let chosen: Answer = 'question';

  const choices: [Answer, string][] = [
    ['well', 'btn btn-primary'],
    ['question', 'btn btn-ghost'],
    ['concern', 'btn btn-ghost'],
  ];
  for (const [answer, style] of choices) {
    const button = element('button', `${style} min-h-11 px-4 py-2`, page.t(`aftercare.${answer}`));
    button.type = 'button';
    button.dataset['checkinChoice'] = answer;
    button.addEventListener('click', () => {
      if (answer === 'well') {
        button.disabled = true;
        void onAnswer(checkin, 'well', '', null).finally(() => (button.disabled = false));
        return;
      }
      chosen = answer;
      const withPhoto = answer === 'concern';
      photo.hidden = !withPhoto;
      photoLabel.hidden = !withPhoto;
      buttons.hidden = true;
      form.hidden = false;
      note.focus();
    });
    buttons.append(button);
  }
  cancel.addEventListener('click', () => {
    form.hidden = true;
    buttons.hidden = false;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send.disabled = true;
    send.textContent = page.t('aftercare.sending');
    const file = chosen === 'concern' ? (photo.files?.[0] ?? null) : null;
    void onAnswer(checkin, chosen, note.value, file).finally(() => {
      send.disabled = false;
      send.textContent = page.t('aftercare.send');
    });
  });
  box.append(buttons, form);
  return box;
}

let bound: { token: string; refresh: () => Promise<void> } | null = null;

async function answerCheckin(
  page: PageContext,
  section: HTMLElement,
  token: string,
  checkin: Checkin,
  answer: Answer,
  note: string,
  photo: File | null,
): Promise<void> {
  const status = section.querySelector<HTMLElement>('[data-aftercare-status]')!;
  const words = note.trim();
  if (answer === 'question' && !words) {
    status.textContent = page.t('aftercare.needNote');
    return;
  }
  if (answer === 'concern' && !words && !photo) {
    status.textContent = page.t('aftercare.needNoteOrPhoto');
    return;
  }
  status.textContent = page.t('aftercare.sending');
  let fileId: string | null = null;
  if (photo) {
    try {
      const { sendOnePhoto } = await import('./files/send.ts');
      fileId = await sendOnePhoto(token, PHOTO_SLOT, photo, {
        set: () => {},
        progress: () => {},
        fail: () => {},
      });
    } catch {
      status.textContent = page.t('aftercare.photoFailed');
      return;
    }
  }
  const outcome = await callRpc('patient_answer_checkin', {
    _token: token,
    _checkin_id: checkin.id,
    _answer: answer,
    // Sent as null when empty: PostgREST finds the function by its argument names.
    _note: (words || null) as string,
    _file_id: fileId as string,
  });
  if (outcome.ok) {
    status.textContent = page.t('aftercare.thanks');
  } else {
    status.textContent = page.t(
      outcome.reason === 'rate-limited' ? 'aftercare.rateLimited' : 'aftercare.failed',
    );
  }
  await bound?.refresh();
}

/** Shows the request's check-ins (hidden while it has none); binds the section once. */
export async function showAftercare(page: PageContext, token: string): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-aftercare]');
  if (!section) return;
  const strings = await partStrings(section);
  if (!strings) return;
  const local = withOwnTexts(page, strings);
  const refresh = async () => {
    const outcome = await callRpc('patient_aftercare', { _token: token });
    if (!outcome.ok) return;
    const view = outcome.data as unknown as Aftercare | null;
    if (!view || view.checkins.length === 0) {
      section.hidden = true;
      return;
    }
    render(local, section, view, (checkin, answer, note, photo) =>
      answerCheckin(local, section, token, checkin, answer, note, photo),
    );
    section.hidden = false;
  };
  bound = { token, refresh };
  await refresh();
}
