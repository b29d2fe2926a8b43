import { useId } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { requestStatuses, statusLabel } from '~/lib/admin/labels.ts';
import type { ContactRequest, RequestStatus, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { NOTES_MAX, notesLength, type RequestEdits } from '~/lib/admin/team.ts';
import { Field } from '../parts.tsx';

const inputClass =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none';

interface ManageFieldsProps {
  request: ContactRequest;
  staff: StaffAccount[];
  edits: RequestEdits;
  set: (patch: Partial<RequestEdits>) => void;
}

/**
 * What a coordinator changes on a request, first in the dialog so it is in view on opening:
 * status, assignee (active accounts, and the current one even if disabled), follow-up and notes.
 */
export function ManageFields({ request, staff, edits, set }: ManageFieldsProps) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-manage`} className="mt-4">
      <h3 id={`${uid}-manage`} className="sr-only">
        {adminText('admin.modal.manage')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${uid}-status`} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.modal.status')}
          </label>
          <select
            id={`${uid}-status`}
            value={edits.status}
            onChange={(event) => set({ status: event.target.value as RequestStatus })}
            className={inputClass}
          >
            {requestStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${uid}-assignee`} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.team.assignee')}
          </label>
          <select
            id={`${uid}-assignee`}
            value={edits.assignedTo}
            onChange={(event) => set({ assignedTo: event.target.value })}
            className={inputClass}
          >
            <option value="">{adminText('admin.team.unassigned')}</option>
            {staff
              .filter((account) => account.active !== false || account.id === edits.assignedTo)
              .map((account) => (
                <option key={account.id} value={account.id}>
                  {account.username}
                </option>
              ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${uid}-follow-up`} className="block text-sm font-semibold text-teal-900">
            {adminText('admin.team.followUp')}
          </label>
          <input
            id={`${uid}-follow-up`}
            type="datetime-local"
            dir="ltr"
            // The database's bound (contact_requests_follow_up_at): a typed year 9999 is refused.
            min="2025-01-01T00:00"
            max="2099-12-31T23:59"
            value={edits.followUp}
            onChange={(event) => set({ followUp: event.target.value })}
            className={inputClass}
          />
        </div>
      </div>
      <label htmlFor={`${uid}-notes`} className="mt-3 block text-sm font-semibold text-teal-900">
        {adminText('admin.modal.notes')}
      </label>
      <textarea
        id={`${uid}-notes`}
        value={edits.notes}
        onChange={(event) => set({ notes: event.target.value })}
        rows={3}
        dir="auto"
        aria-describedby={`${uid}-notes-count`}
        aria-invalid={notesLength(edits.notes) > NOTES_MAX}
        placeholder={adminText('admin.modal.notesPlaceholder')}
        className={inputClass}
      />
      <NotesCount id={`${uid}-notes-count`} notes={edits.notes} />
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <Field label={adminText('admin.modal.submitted')}>
          <time dateTime={request.created_at}>{formatRequestDate(request.created_at)}</time>
        </Field>
        <Field label={adminText('admin.modal.updated')}>
          <time dateTime={request.updated_at}>{formatRequestDate(request.updated_at)}</time>
        </Field>
      </dl>
    </section>
  );
}

/** The count towards the notes' limit, shown from 80% on, and what to do once past it. */
function NotesCount({ id, notes }: { id: string; notes: string }) {
  const used = notesLength(notes);
  const over = used - NOTES_MAX;
  if (used < NOTES_MAX * 0.8) return <span id={id} hidden />;
  const max = NOTES_MAX.toLocaleString('en-US');
  return (
    <p
      id={id}
      data-testid="notes-count"
      role={over > 0 ? 'alert' : undefined}
      className={`mt-1 text-sm font-semibold ${over > 0 ? 'text-offer-700' : 'text-muted'}`}
    >
      {over > 0
        ? adminText('admin.keep.notesTooLong', { max, over })
        : adminText('admin.keep.notesCount', { used: used.toLocaleString('en-US'), max })}
    </p>
  );
}
