import { useCallback, useEffect, useRef, useState } from 'react';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/**
 * A tiny accessible toast stack for public islands (sonner is kept for the back office, where its
 * weight does not matter). Messages are announced politely and disappear after a few seconds.
 */
export function useToasts(timeoutMs = 7000) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (kind: Toast['kind'], text: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-2), { id, kind, text }]);
      window.setTimeout(() => dismiss(id), timeoutMs);
    },
    [dismiss, timeoutMs],
  );
  return { toasts, show, dismiss };
}

export function ToastStack({
  toasts,
  dismiss,
  closeLabel,
}: {
  toasts: Toast[];
  dismiss: (id: number) => void;
  closeLabel: string;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 top-20 z-50 flex flex-col items-center gap-2"
    >
      {mounted &&
        toasts.map((toast) => (
          <div
            key={toast.id}
            data-toast={toast.kind}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl px-4 py-3 font-semibold shadow-(--shadow-lift) ${
              toast.kind === 'success' ? 'bg-teal-800 text-white' : 'bg-offer-700 text-white'
            }`}
          >
            <p className="flex-1">{toast.text}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded-full p-1 leading-none text-white/90 hover:text-white"
              aria-label={closeLabel}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
}
