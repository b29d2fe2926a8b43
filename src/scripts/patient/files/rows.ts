/**
 * One file on its way: its name, a progress bar (a native <progress>, labelled, with the percent
 * as its spoken value), and a status line read out at each step (not at each percent).
 */
import type { FileSlot, FilesContext } from './model.ts';

export type Phase = 'waiting' | 'preparing' | 'sending' | 'paused' | 'checking' | 'done';

export function makeRow(context: FilesContext, slot: FileSlot, file: { name: string }) {
  const { t } = context;
  const card = context.root.querySelector<HTMLElement>(`[data-slot="${slot.slot}"]`)!;
  card.querySelector<HTMLElement>('[data-slot-message]')!.textContent = '';
  const row = document.createElement('li');
  row.className = 'rounded-xl border border-sand-200 p-3';
  row.dataset['upload'] = '';
  const head = document.createElement('div');
  head.className = 'flex items-center justify-between gap-3 text-sm';
  const name = document.createElement('span');
  name.className = 'min-w-0 truncate font-semibold';
  name.dir = 'auto';
  name.textContent = file.name;
  const percent = document.createElement('span');
  percent.className = 'shrink-0 text-muted';
  percent.setAttribute('aria-hidden', 'true');
  head.append(name, percent);
  const bar = document.createElement('progress');
  bar.className = 'mt-2 h-2 w-full accent-teal-700';
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute('aria-label', t('patientFiles.progressLabel', { name: file.name }));
  const status = document.createElement('p');
  status.className = 'mt-1 text-sm';
  status.setAttribute('role', 'status');
  row.append(head, bar, status);
  card.querySelector('[data-queue]')!.append(row);
  let phase: Phase | null = null;
  return {
    set(next: Phase) {
      if (next === phase) return;
      phase = next;
      row.dataset['phase'] = next;
      status.className = `mt-1 text-sm ${next === 'paused' ? 'font-semibold text-offer-700' : ''}`;
      status.textContent =
        next === 'sending'
          ? t('patientFiles.state.sending', { percent: percent.textContent ?? '' })
          : t(`patientFiles.state.${next}`);
      if (next === 'done') {
        bar.value = 100;
        // The checked file now shows in the slot's list; its row goes a moment later.
        setTimeout(() => row.remove(), 4000);
      }
    },
    progress(sent: number, total: number) {
      const ratio = total > 0 ? sent / total : 0;
      bar.value = Math.round(ratio * 100);
      percent.textContent = context.formatPercent(ratio);
      bar.setAttribute('aria-valuetext', percent.textContent);
    },
    fail(message: string) {
      phase = null;
      row.dataset['phase'] = 'failed';
      status.className = 'mt-1 text-sm font-semibold text-offer-700';
      status.textContent = message;
    },
  };
}
