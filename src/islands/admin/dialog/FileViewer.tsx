import { useQuery } from '@tanstack/react-query';
import { Download, FileText, Minus, Plus, Scan, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { signedUrl, type StaffFile } from './filesData.ts';

const MIN_ZOOM = 1;
const MAX_ZOOM = 6;
const clamp = (value: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));

/**
 * The file viewer (issue 30): a dialog over the request dialog with the full image, from a signed
 * URL that lives 5 minutes. Zoom with the buttons, Ctrl/⌘ + wheel, a double click, or two fingers
 * on a phone (pointer events; the page itself does not zoom); the zoomed image scrolls in its
 * frame. A PDF is only downloaded, never opened in a tab of ours. Escape or «إغلاق العرض» closes it.
 */
export function FileViewer({ file, onClose }: { file: StaffFile; onClose: () => void }) {
  const uid = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState(1);
  const extension = file.kind === 'pdf' ? 'pdf' : (file.content_type.split('/')[1] ?? 'jpg');
  const url = useQuery({
    queryKey: ['admin', 'request_file_url', file.object_path],
    queryFn: () => signedUrl(file.object_path),
    staleTime: 240_000,
  });
  const download = useQuery({
    queryKey: ['admin', 'request_file_download', file.object_path],
    queryFn: () => signedUrl(file.object_path, `${file.id}.${extension}`),
    staleTime: 240_000,
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const title = `${adminText(file.kind === 'pdf' ? 'admin.files.pdf' : 'admin.files.photo')} · ${formatRequestDate(file.created_at)}`;

  return (
    <dialog
      ref={ref}
      // React passes a dialog's close event up its own tree: the request dialog must stay open.
      onClose={(event) => {
        event.stopPropagation();
        onClose();
      }}
      aria-labelledby={`${uid}-title`}
      data-testid="file-viewer"
      className="m-auto h-[94dvh] w-[calc(100%-1rem)] max-w-5xl rounded-(--radius-card) bg-white p-0 text-ink backdrop:bg-teal-950/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center gap-2 border-b border-sand-200 px-3 py-2">
          <h4 id={`${uid}-title`} className="me-auto text-sm font-bold">
            {title}
          </h4>
          {file.kind === 'image' && <ZoomButtons zoom={zoom} setZoom={setZoom} />}
          {download.data && (
            <a
              className="rounded-full p-2 hover:bg-sand-100"
              href={download.data}
              aria-label={adminText('admin.files.download')}
              rel="noreferrer"
            >
              <Download className="size-5" aria-hidden="true" />
            </a>
          )}
          <button
            type="button"
            className="rounded-full p-2 hover:bg-sand-100"
            aria-label={adminText('admin.files.close')}
            onClick={() => ref.current?.close()}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {file.kind === 'pdf' ? (
          <div className="grid flex-1 place-items-center p-6 text-center">
            <div>
              <FileText className="mx-auto size-16 text-teal-800" aria-hidden="true" />
              {download.data && (
                // A PDF only ever as a download (Content-Disposition: attachment), never opened
                // in a tab of ours (docs/patient-page.md, "What the server accepts").
                <a className="btn btn-primary mt-4" href={download.data} rel="noreferrer">
                  {adminText('admin.files.openPdf')}
                </a>
              )}
            </div>
          </div>
        ) : (
          <ZoomFrame
            url={url.data}
            title={title}
            zoom={zoom}
            setZoom={setZoom}
            onBroken={() => void url.refetch()}
          />
        )}
      </div>
    </dialog>
  );
}

interface ZoomFrameProps {
  url: string | undefined;
  title: string;
  zoom: number;
  setZoom: (update: (value: number) => number) => void;
  onBroken: () => void;
}

/** The image at `zoom` in a scrolling frame: Ctrl/⌘ + wheel, double click, two-finger pinch. */
function ZoomFrame({ url, title, zoom, setZoom, onBroken }: ZoomFrameProps) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  return (
    <div
      className="flex-1 touch-pan-x touch-pan-y overflow-auto bg-sand-50"
      data-testid="file-viewer-frame"
      onWheel={(event) => {
        if (!event.ctrlKey && !event.metaKey) return;
        event.preventDefault();
        setZoom((value) => clamp(value * (event.deltaY < 0 ? 1.2 : 1 / 1.2)));
      }}
      onDoubleClick={() => setZoom((value) => (value > 1 ? 1 : 2.5))}
      onPointerDown={(event) => {
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
      }}
      onPointerMove={(event) => {
        if (!pointers.current.has(event.pointerId)) return;
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pinch.current && pointers.current.size === 2 && pinch.current.distance > 0) {
          const pinched = pinch.current;
          setZoom(() => clamp((pinched.zoom * distance()) / pinched.distance));
        }
      }}
      onPointerUp={(event) => {
        pointers.current.delete(event.pointerId);
        if (pointers.current.size < 2) pinch.current = null;
      }}
      onPointerCancel={(event) => {
        pointers.current.delete(event.pointerId);
        pinch.current = null;
      }}
    >
      {url && (
        <img
          src={url}
          alt={title}
          draggable={false}
          style={{ width: `${zoom * 100}%`, maxWidth: 'none' }}
          className="mx-auto block select-none"
          onError={onBroken}
        />
      )}
    </div>
  );
}

/** Zoom out, the level, zoom in, fit. */
function ZoomButtons({
  zoom,
  setZoom,
}: {
  zoom: number;
  setZoom: (update: number | ((value: number) => number)) => void;
}) {
  const percent = new Intl.NumberFormat('ar-SA-u-nu-latn', { style: 'percent' }).format(zoom);
  return (
    <>
      <button
        type="button"
        className="rounded-full p-2 hover:bg-sand-100"
        aria-label={adminText('admin.files.zoomOut')}
        onClick={() => setZoom((value) => clamp(value / 1.5))}
        disabled={zoom <= MIN_ZOOM}
      >
        <Minus className="size-5" aria-hidden="true" />
      </button>
      <span className="min-w-12 text-center text-sm" aria-live="polite" data-testid="zoom-level">
        <span className="sr-only">{adminText('admin.files.zoomLevel', { percent })}</span>
        <span aria-hidden="true" dir="ltr">
          {percent}
        </span>
      </span>
      <button
        type="button"
        className="rounded-full p-2 hover:bg-sand-100"
        aria-label={adminText('admin.files.zoomIn')}
        onClick={() => setZoom((value) => clamp(value * 1.5))}
        disabled={zoom >= MAX_ZOOM}
      >
        <Plus className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="rounded-full p-2 hover:bg-sand-100"
        aria-label={adminText('admin.files.zoomFit')}
        onClick={() => setZoom(1)}
      >
        <Scan className="size-5" aria-hidden="true" />
      </button>
    </>
  );
}
