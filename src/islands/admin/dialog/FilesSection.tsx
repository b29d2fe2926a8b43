import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { slotLabel } from '~/lib/admin/file-events.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys } from '../data.ts';
import { FileViewer } from './FileViewer.tsx';
import {
  askForFile,
  fetchRequestFiles,
  filesKey,
  signedUrls,
  thumbsKey,
  type StaffFile,
  type StaffSlot,
} from './filesData.ts';
import { useLiveFiles } from './useLiveFiles.ts';
import { reportFailure } from './useSaveRequest.ts';

/** True once `ref` has come into view (thumbnails are signed and loaded only then). */
function useSeen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * «الصور والمستندات» in the request dialog (issue 30): the slots the treatment asks for, each with
 * its checked files as thumbnails (signed for 5 minutes, loaded when the section comes into view),
 * what is still missing, and «اطلب مجدداً» (the patient's page then shows the ask). A file arriving
 * while the dialog is open shows at once (useLiveFiles). A thumbnail opens the viewer.
 */
export function FilesSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const ref = useRef<HTMLElement>(null);
  const seen = useSeen(ref);
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<StaffFile | null>(null);
  useLiveFiles(request.id);
  const files = useQuery({
    queryKey: filesKey(request.id),
    queryFn: () => fetchRequestFiles(request.id),
  });
  const slots = files.data?.slots ?? [];
  const thumbPaths = slots.flatMap((slot) =>
    slot.files.flatMap((file) => (file.thumb_path ? [file.thumb_path] : [])),
  );
  const thumbs = useQuery({
    queryKey: thumbsKey(request.id, thumbPaths),
    queryFn: () => signedUrls(thumbPaths),
    enabled: seen && thumbPaths.length > 0,
    // The links live 5 minutes: renewed before they lapse while the dialog stays open.
    staleTime: 240_000,
    refetchInterval: 240_000,
  });
  const ask = useMutation({
    mutationFn: (slot: string) => askForFile(request.id, slot),
    onSuccess: async (_, slot) => {
      toast.success(adminText('admin.files.asked.done', { slot: slotLabel(slot) }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filesKey(request.id) }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) }),
      ]);
    },
    onError: (error) => reportFailure(error, adminText('admin.files.error')),
  });
  const missing = slots.filter((slot) => slot.required && slot.files.length === 0).length;

  return (
    <section
      ref={ref}
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="files-section"
    >
      <h3 id={`${uid}-title`} className="flex flex-wrap items-center gap-2 text-base font-bold">
        {adminText('admin.files.title')}
        {files.data?.complete_at ? (
          <span
            className="rounded-full bg-teal-100 px-2 py-0.5 text-xs text-teal-900"
            data-testid="files-complete"
          >
            {adminText('admin.files.complete')}
          </span>
        ) : (
          files.data && (
            <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs text-muted">
              {adminText('admin.files.missingCount', { count: missing })}
            </span>
          )
        )}
      </h3>
      {files.isPending && (
        <p className="mt-2 text-sm text-muted">{adminText('admin.files.loading')}</p>
      )}
      {files.isError && (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.files.error')}</p>
      )}
      <ul className="mt-3 space-y-3">
        {slots.map((slot) => (
          <SlotRow
            key={slot.slot}
            slot={slot}
            thumbs={thumbs.data ?? {}}
            busy={ask.isPending}
            onAsk={() => {
              if (
                window.confirm(adminText('admin.files.askConfirm', { slot: slotLabel(slot.slot) }))
              ) {
                ask.mutate(slot.slot);
              }
            }}
            onOpen={setViewing}
          />
        ))}
      </ul>
      {slots.some((slot) => slot.files.length > 0) && (
        <p className="mt-2 text-xs text-muted">{adminText('admin.files.private')}</p>
      )}
      {viewing && <FileViewer file={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

interface SlotRowProps {
  slot: StaffSlot;
  thumbs: Record<string, string | null>;
  busy: boolean;
  onAsk: () => void;
  onOpen: (file: StaffFile) => void;
}

function SlotRow({ slot, thumbs, busy, onAsk, onOpen }: SlotRowProps) {
  const label = slotLabel(slot.slot);
  return (
    <li className="rounded-xl bg-sand-50 p-3" data-testid="file-slot" data-slot={slot.slot}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="text-xs text-muted">
          {adminText(slot.required ? 'admin.files.needed' : 'admin.files.optional')}
        </span>
        {slot.asked_at && (
          <span className="text-xs font-semibold text-offer-700">
            {adminText('admin.files.asked', { time: formatRequestDate(slot.asked_at) })}
          </span>
        )}
        <button
          type="button"
          className="ms-auto min-h-10 px-2 text-sm text-teal-800 underline"
          disabled={busy}
          aria-label={adminText('admin.files.askLabel', { slot: label })}
          onClick={onAsk}
        >
          {adminText('admin.files.ask')}
        </button>
      </div>
      {slot.files.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{adminText('admin.files.missing')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {slot.files.map((file) => {
            const name = `${label} · ${adminText(file.kind === 'pdf' ? 'admin.files.pdf' : 'admin.files.photo')}`;
            const thumb = file.thumb_path ? thumbs[file.thumb_path] : null;
            return (
              <li key={file.id}>
                <button
                  type="button"
                  onClick={() => onOpen(file)}
                  aria-label={adminText('admin.files.open', { name })}
                  title={adminText('admin.files.receivedAt', {
                    time: formatRequestDate(file.created_at),
                  })}
                  className="grid size-24 place-items-center overflow-hidden rounded-lg border border-sand-200 bg-white"
                  data-testid="file-thumb"
                >
                  {thumb ? (
                    <img src={thumb} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <FileText className="size-8 text-teal-800" aria-hidden="true" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
