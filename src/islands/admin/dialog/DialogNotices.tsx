import { AlertTriangle, CloudOff, Copy, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { authorName, describeEvent } from '~/lib/admin/team.ts';
import type { Conflict } from './useSaveRequest.ts';

/** Edits brought back from this computer (after a reload, an expired session, an outage). */
export function RestoredNotice({ at }: { at: string }) {
  return (
    <p
      role="status"
      data-testid="draft-restored"
      className="mt-3 rounded-xl bg-saffron-300/40 px-3 py-2 text-sm font-semibold"
    >
      {adminText('admin.team.restored', { date: formatRequestDate(at) })}
    </p>
  );
}

/**
 * A refused save explained: each change a colleague made since the dialog was opened (who, when,
 * which field, from what to what), and the button that re-applies the coordinator's own changes
 * on top of them.
 */
export function ConflictNotice({
  conflict,
  onReapply,
}: {
  conflict: Conflict;
  onReapply: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="conflict"
      className="mt-3 rounded-xl border border-offer-600 bg-sand-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-bold text-offer-700">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {adminText('admin.team.conflictTitle')}
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {conflict.events.map((event) => {
          const described = describeEvent(event);
          return (
            <li key={event.id} className="[overflow-wrap:anywhere]">
              {adminText('admin.team.conflictEntry', {
                author: authorName(event.author),
                date: formatRequestDate(event.created_at),
                label: described.label,
                text: described.text,
              })}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-muted">{adminText('admin.team.conflictHint')}</p>
      <button
        type="button"
        className="btn btn-primary mt-3 min-h-10 px-4 py-1.5 text-sm"
        onClick={onReapply}
      >
        {adminText('admin.team.reapply')}
      </button>
    </div>
  );
}

/** The save could not reach the server: it is kept and retried; this button tries at once. */
export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      data-testid="save-offline"
      className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-sand-100 px-4 py-3 text-sm font-semibold"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{adminText('admin.team.offlineSaving')}</span>
      <button type="button" className="underline" onClick={onRetry}>
        {adminText('admin.team.retryNow')}
      </button>
    </div>
  );
}

/** The request was erased by a colleague while open: the edits stay in the form, to be copied. */
export function DeletedNotice({ notes }: { notes: string }) {
  return (
    <div
      role="alert"
      data-testid="request-deleted"
      className="mt-3 rounded-xl border border-offer-600 bg-sand-50 px-4 py-3 text-sm font-semibold"
    >
      <p className="flex items-center gap-2 text-offer-700">
        <Trash2 className="size-4 shrink-0" aria-hidden="true" />
        {adminText('admin.keep.deleted')}
      </p>
      {notes.trim() && (
        <button
          type="button"
          className="btn btn-ghost mt-2 min-h-10 px-4 py-1.5 text-sm"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(notes)
              .then(() => toast.success(adminText('admin.keep.copied')))
              .catch(() => {});
          }}
        >
          <Copy className="size-4" aria-hidden="true" />
          {adminText('admin.keep.copyNotes')}
        </button>
      )}
    </div>
  );
}

/** Another open tab has unsaved edits of this request: said, never touched from here. */
export function ElsewhereNotice({ at }: { at: string }) {
  return (
    <p
      role="status"
      data-testid="draft-elsewhere"
      className="mt-3 rounded-xl bg-saffron-300/40 px-3 py-2 text-sm font-semibold"
    >
      {adminText('admin.keep.elsewhere', { date: formatRequestDate(at) })}
    </p>
  );
}
