/**
 * Draws the photos and documents section from public.patient_files: one card per slot (its
 * drawing, what to photograph, whether staff need it or asked for it again, camera and gallery
 * buttons, what arrived), made once and updated in place, so uploads under way keep their rows.
 */
import type { FileSlot, FilesContext, FilesView, ReceivedFile } from './model.ts';

export interface SlotHandlers {
  onFiles(slot: FileSlot, files: File[]): void;
  onRemove(slot: FileSlot, file: ReceivedFile, button: HTMLButtonElement): void;
}

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
};

function chooser(
  label: string,
  accept: string,
  options: { capture?: boolean; multiple?: boolean; primary?: boolean },
  onChoose: (files: File[]) => void,
): HTMLLabelElement {
  const wrapper = element(
    'label',
    `btn ${options.primary ? 'btn-primary' : 'btn-ghost'} min-h-11 cursor-pointer focus-within:ring-2 focus-within:ring-teal-700 focus-within:ring-offset-2`,
  );
  const input = element('input', 'sr-only');
  input.type = 'file';
  input.accept = accept;
  if (options.capture) input.setAttribute('capture', 'environment');
  input.multiple = Boolean(options.multiple);
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length) onChoose(files);
  });
  wrapper.append(document.createTextNode(label), input);
  return wrapper;
}

function makeCard(context: FilesContext, slot: FileSlot, handlers: SlotHandlers): HTMLLIElement {
  const { t } = context;
  const card = element('li', 'rounded-2xl border border-sand-200 bg-white p-4');
  card.dataset['slot'] = slot.slot;
  const head = element('div', 'flex items-start gap-4');
  const drawing = element('img', 'size-20 shrink-0 rounded-xl bg-sand-50 p-1');
  drawing.src = context.drawings[slot.slot] ?? context.drawings['report'] ?? '';
  drawing.alt = t(`patientFiles.slot.${slot.slot}.drawing`);
  drawing.width = 80;
  drawing.height = 80;
  drawing.loading = 'lazy';
  const text = element('div', 'min-w-0');
  const title = element('h3', 'flex flex-wrap items-center gap-2 font-bold');
  title.append(
    element('span', '', t(`patientFiles.slot.${slot.slot}`)),
    element(
      'span',
      `rounded-full px-2 py-0.5 text-xs font-semibold ${slot.required ? 'bg-saffron-300 text-ink' : 'bg-sand-100 text-muted'}`,
      t(slot.required ? 'patientFiles.needed' : 'patientFiles.optional'),
    ),
  );
  const hint = element(
    'p',
    'mt-1 text-sm text-muted',
    t(`patientFiles.slot.${slot.slot}.hint`, { count: slot.max_files }),
  );
  const asked = element(
    'p',
    'mt-2 rounded-lg border-s-4 border-saffron-400 bg-sand-100 px-2 py-1 text-sm font-semibold text-ink',
    t('patientFiles.asked'),
  );
  asked.dataset['asked'] = '';
  text.append(title, hint, asked);
  head.append(drawing, text);

  const received = element('ul', 'mt-3 space-y-2');
  received.dataset['received'] = '';
  const queue = element('ul', 'mt-3 space-y-3');
  queue.dataset['queue'] = '';
  queue.setAttribute('aria-live', 'polite');
  const buttons = element('div', 'mt-3 flex flex-wrap gap-2');
  const takesPdf = slot.accepts.includes('pdf');
  const choose = (files: File[]) => handlers.onFiles(slot, files);
  buttons.append(
    chooser(t('patientFiles.takePhoto'), 'image/*', { capture: true, primary: true }, choose),
    chooser(
      t(takesPdf ? 'patientFiles.chooseFile' : 'patientFiles.choosePhoto'),
      takesPdf ? 'image/*,application/pdf,.pdf' : 'image/*',
      { multiple: slot.max_files > 1 },
      choose,
    ),
  );
  const message = element('p', 'mt-2 text-sm font-semibold text-offer-700');
  message.setAttribute('role', 'status');
  message.dataset['slotMessage'] = '';
  card.append(head, received, queue, buttons, message);
  return card;
}

function receivedRow(
  context: FilesContext,
  slot: FileSlot,
  file: ReceivedFile,
  handlers: SlotHandlers,
): HTMLLIElement {
  const { t } = context;
  const row = element(
    'li',
    'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-teal-50 px-3 py-2 text-sm',
  );
  row.dataset['fileId'] = file.id;
  const name = file.file_name ?? t(file.kind === 'pdf' ? 'patientFiles.pdf' : 'patientFiles.photo');
  const label = element(
    'span',
    'font-semibold',
    `✓ ${t(file.kind === 'pdf' ? 'patientFiles.pdf' : 'patientFiles.photo')}`,
  );
  const size = element('span', 'text-muted', file.bytes ? context.formatSize(file.bytes) : '');
  size.dir = 'ltr';
  const when = element(
    'span',
    'text-muted',
    t('patientFiles.received', { time: context.formatTime(file.created_at) }),
  );
  const remove = element(
    'button',
    'ms-auto min-h-10 px-2 text-offer-700 underline',
    t('patientFiles.remove'),
  );
  remove.type = 'button';
  remove.setAttribute('aria-label', t('patientFiles.removeLabel', { name }));
  remove.addEventListener('click', () => handlers.onRemove(slot, file, remove));
  row.append(label, size, when, remove);
  if (file.kind === 'image') {
    // The thumbnail the phone made, shown once the page has its signed address (./thumbs.ts), so
    // the patient sees which picture went into which slot.
    const thumb = document.createElement('img');
    thumb.className = 'size-12 shrink-0 rounded-lg object-cover';
    thumb.width = 48;
    thumb.height = 48;
    thumb.alt = t('patientFiles.thumbAlt', { name });
    thumb.decoding = 'async';
    thumb.hidden = true;
    thumb.dataset['thumbFor'] = file.id;
    row.prepend(thumb);
  }
  return row;
}

/** Creates or updates the section for `view`. */
export function renderFiles(context: FilesContext, view: FilesView, handlers: SlotHandlers): void {
  const { root, t } = context;
  const list = root.querySelector<HTMLOListElement>('[data-files-slots]')!;
  for (const slot of view.slots) {
    let card = list.querySelector<HTMLLIElement>(`[data-slot="${slot.slot}"]`);
    if (!card) {
      card = makeCard(context, slot, handlers);
      list.append(card);
    }
    card.querySelector<HTMLElement>('[data-asked]')!.hidden = !slot.asked_at;
    card
      .querySelector('[data-received]')!
      .replaceChildren(
        ...(slot.files.length
          ? slot.files.map((file) => receivedRow(context, slot, file, handlers))
          : [element('li', 'text-sm text-muted', t('patientFiles.empty'))]),
      );
  }
  root.querySelector<HTMLElement>('[data-files-complete]')!.hidden = !view.complete_at;
  root.querySelector<HTMLElement>('[data-files-limits]')!.textContent = t('patientFiles.limits', {
    image: context.formatSize(view.limits.max_image_bytes),
    pdf: context.formatSize(view.limits.max_pdf_bytes),
    files: view.limits.max_files,
  });
  root.hidden = false;
}
