/**
 * The photos and documents section of the patient's page (src/components/patient/PatientFiles.astro):
 * the link's token from the page's script, the slots and files from public.patient_files, a fresh look when
 * the patient comes back to the tab; choosing a file loads the sender (./send.ts) on first use.
 * `?files` in the address (the thank-you page's invitation) brings the section into view.
 */
import { callRpc } from '~/lib/patient/api.ts';
import { partStrings } from '../part-strings.ts';
import { interruptedFiles, noteEnded, noteUnderWay } from './interrupted.ts';
import { forgetKept, keptFiles } from './kept.ts';
import { readFilesContext, type FileSlot, type FilesContext, type FilesView } from './model.ts';
import { renderFiles, type SlotHandlers } from './render.ts';
import { createThumbs } from './thumbs.ts';
import { makeRow } from './rows.ts';

type Sender = ReturnType<typeof import('./send.ts').createSender>;

function start(root: HTMLElement, token: string, strings: Record<string, string>) {
  const context: FilesContext = readFilesContext(root, strings);
  const notice = root.querySelector<HTMLElement>('[data-files-notice]')!;
  let view: FilesView | null = null;
  let sender: Promise<Sender> | undefined;
  let scrolled = !new URLSearchParams(window.location.search).has('files');
  const thumbs = createThumbs(token);

  const refresh = async () => {
    const outcome = await callRpc('patient_files', { _token: token });
    if (!outcome.ok) return;
    if (!outcome.data) {
      root.hidden = true;
      return;
    }
    view = outcome.data as unknown as FilesView;
    renderFiles(context, view, handlers);
    void thumbs.show(root, view);
    // A file an earlier load left on its way, unless it arrived all the same (a reload between
    // the server's check and the page hearing of it).
    for (const [slot, names] of interruptedFiles()) {
      const received = view.slots.find((candidate) => candidate.slot === slot)?.files ?? [];
      const cutOff = names.filter((name) => {
        const arrived = received.some((file) => file.file_name === name);
        if (arrived) noteEnded(slot, name);
        return !arrived;
      });
      const message = root.querySelector<HTMLElement>(`[data-slot="${slot}"] [data-slot-message]`);
      if (message && !message.textContent && cutOff.length) {
        message.textContent = cutOff
          .map((name) => context.t('patientFiles.interrupted', { name }))
          .join(' ');
      }
    }
    const busy = root.querySelector(
      '[data-upload]:not([data-phase="failed"]):not([data-phase="done"])',
    );
    notice.textContent = view.unfinished > 0 && !busy ? context.t('patientFiles.unfinished') : '';
    if (!scrolled) {
      scrolled = true;
      root.scrollIntoView({ block: 'start' });
    }
  };

  const queue = () =>
    (sender ??= import('./send.ts').then(({ createSender }) =>
      createSender(
        context,
        token,
        () => view,
        (target, file) => makeRow(context, target, file),
        refresh,
      ),
    ));

  const handlers: SlotHandlers = {
    onFiles(slot: FileSlot, files: File[]) {
      void queue().then((sending) => {
        for (const file of files) sending.add(slot, file);
      });
    },
    onRemove(slot, file, button) {
      void (async () => {
        if (!window.confirm(context.t('patientFiles.removeConfirm'))) return;
        button.disabled = true;
        const outcome = await callRpc('patient_file_delete', { _token: token, _file_id: file.id });
        const message = root.querySelector<HTMLElement>(
          `[data-slot="${slot.slot}"] [data-slot-message]`,
        );
        if (message) {
          message.textContent = context.t(
            outcome.ok
              ? 'patientFiles.removed'
              : outcome.reason === 'rate-limited'
                ? 'patientFiles.error.rateLimited'
                : 'patientFiles.error.failed',
          );
        }
        button.disabled = false;
        await refresh();
      })();
    },
  };

  void (async () => {
    // Files an earlier load left on their way go on by themselves (./kept.ts), so their slot
    // does not ask for them again.
    const kept = await keptFiles(token);
    for (const file of kept) noteUnderWay(file.slot, file.name);
    await refresh();
    // No answer (offline): the kept files wait for the next load.
    const slots = (view as FilesView | null)?.slots;
    for (const file of slots ? kept : []) {
      const slot = slots?.find((candidate: FileSlot) => candidate.slot === file.slot);
      const arrived = slot?.files.some((received) => received.id === file.fileId);
      if (!slot || arrived) {
        await forgetKept(token, file.fileId);
        noteEnded(file.slot, file.name);
      } else void queue().then((sending) => sending.resume(slot, file));
    }
    // The sender is fetched ahead, once the page is idle: the first photo then starts at once.
    const warm = () => void import('./send.ts');
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 5000 });
    else setTimeout(warm, 2000);
  })();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh();
  });
  window.addEventListener('online', () => void refresh());
}

/**
 * Starts the section for the page's link (called by ../page.ts once the status is shown); false
 * when its texts could not be loaded now (the page asks again at its next look).
 */
export async function showFiles(token: string): Promise<boolean> {
  const root = document.querySelector<HTMLElement>('[data-patient-files]');
  if (!root) return true;
  // The section's texts come from a cached file (src/integrations/late-strings.ts).
  const strings = await partStrings(root);
  if (strings) start(root, token, strings);
  return strings !== null;
}
