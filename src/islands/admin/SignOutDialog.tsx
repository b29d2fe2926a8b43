import { useEffect, useId, useRef, useState } from 'react';
import type { Draft } from '~/lib/admin/drafts.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { logout } from './session.ts';
import { forgetDrafts, saveDrafts } from './signOut.ts';

/**
 * Asked on sign-out while the coordinator has unsaved drafts: save them (each with the dialog's
 * conditional save) or discard them, then sign out; nothing of them stays on the computer. A
 * draft that cannot be saved (changed by a colleague, no connection) is said, and the coordinator
 * chooses again: stay and review it, or discard and sign out.
 */
export function SignOutDialog({ drafts, onStay }: { drafts: Draft[]; onStay: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<number>(0);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const leave = () => void logout(forgetDrafts);
  const saveThenLeave = async () => {
    setBusy(true);
    const left = await saveDrafts(drafts);
    if (left.length === 0) return leave();
    setFailed(left.length);
    setBusy(false);
  };

  return (
    <dialog
      ref={ref}
      onClose={onStay}
      aria-labelledby={`${uid}-title`}
      data-testid="sign-out-dialog"
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-(--radius-card) bg-white p-5 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <h2 id={`${uid}-title`} className="text-xl font-bold">
        {adminText('admin.keep.signOutTitle')}
      </h2>
      <p className="mt-3">{adminText('admin.keep.signOutDrafts', { count: drafts.length })}</p>
      {failed > 0 && (
        <p role="alert" className="mt-3 font-semibold text-offer-700">
          {adminText('admin.keep.signOutFailed', { count: failed })}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        {failed === 0 && (
          <button
            type="button"
            className="btn btn-primary min-h-11 px-4 py-2"
            disabled={busy}
            onClick={() => void saveThenLeave()}
          >
            {busy ? adminText('admin.keep.signingOut') : adminText('admin.keep.signOutSave')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost min-h-11 px-4 py-2"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            leave();
          }}
        >
          {adminText('admin.keep.signOutDiscard')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-11 px-4 py-2"
          disabled={busy}
          onClick={() => ref.current?.close()}
        >
          {adminText('admin.keep.signOutStay')}
        </button>
      </div>
    </dialog>
  );
}
