import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { requestStatuses, statusLabel } from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { RequestStatus, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { goToLogin } from '../session.ts';
import { bulkUpdateRequests, type BulkChanges, type BulkItem, type BulkResult } from './bulk.ts';

interface BulkBarProps {
  /** The selected requests with the version each was shown at. */
  items: BulkItem[];
  staff: StaffAccount[];
  /** After the database answered: the rows it changed, and those it left (kept selected). */
  onDone: (result: BulkResult) => void;
  onClear: () => void;
}

/** The value of the assignee select meaning "unassign". */
const UNASSIGN = '-';

/**
 * «تغيير الحالة» / «إسناد إلى» for every selected request, in one call to the database, which
 * changes each row only at the version shown (the lost-update rule of the dialog) and reports
 * the others. The outcome stays on screen: «تم تحديث 8 من 10 طلبات؛ تغيّر طلبان منذ فتحها…».
 */
export function BulkBar({ items, staff, onDone, onClear }: BulkBarProps) {
  const uid = useId();
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (changes: BulkChanges) => bulkUpdateRequests(items, changes),
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      const total = items.length;
      setOutcome(
        adminText('admin.work.bulkDone', { updated: result.updated.length, total }) +
          adminText('admin.work.bulkStale', { count: result.stale.length }),
      );
      onDone(result);
    },
    onError: (error) => {
      if (isSessionError(error)) return goToLogin('expired');
      toast.error(adminText('admin.error'), { description: adminText('admin.work.bulkError') });
    },
  });

  const control =
    'rounded-xl border border-sand-300 bg-white px-3 py-2 text-sm focus:border-teal-700 focus:outline-none';
  const button = 'btn btn-primary min-h-10 px-4 py-1.5 text-sm';
  return (
    <section
      aria-label={adminText('admin.work.bulkLabel')}
      data-testid="bulk-bar"
      className="card sticky top-2 z-20 flex flex-wrap items-end gap-3 border-s-4 border-teal-700 p-3"
    >
      <p className="self-center font-semibold" data-testid="bulk-count">
        {adminText('admin.work.selected', { count: items.length })}
      </p>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (status) apply.mutate({ status: status as RequestStatus });
        }}
      >
        <label className="text-sm font-semibold text-teal-900">
          {adminText('admin.work.bulkStatus')}
          <select
            id={`${uid}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            className={`${control} mt-1 block`}
          >
            <option value="">{adminText('admin.work.bulkChoose')}</option>
            {requestStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className={button}
          disabled={!status || items.length === 0 || apply.isPending}
        >
          {adminText('admin.work.bulkApply')}
        </button>
      </form>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (assignee) apply.mutate({ assigned_to: assignee === UNASSIGN ? null : assignee });
        }}
      >
        <label className="text-sm font-semibold text-teal-900">
          {adminText('admin.work.bulkAssign')}
          <select
            id={`${uid}-assignee`}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className={`${control} mt-1 block`}
          >
            <option value="">{adminText('admin.work.bulkChoose')}</option>
            <option value={UNASSIGN}>{adminText('admin.team.unassigned')}</option>
            {staff
              .filter((account) => account.active !== false)
              .map((account) => (
                <option key={account.id} value={account.id}>
                  {account.username}
                </option>
              ))}
          </select>
        </label>
        <button
          type="submit"
          className={button}
          disabled={!assignee || items.length === 0 || apply.isPending}
        >
          {adminText('admin.work.bulkApply')}
        </button>
      </form>
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
        onClick={onClear}
        disabled={items.length === 0}
      >
        {adminText('admin.work.bulkClear')}
      </button>
      <p role="status" data-testid="bulk-outcome" className="basis-full text-sm font-semibold">
        {apply.isPending ? adminText('admin.work.bulkApplying') : outcome}
      </p>
    </section>
  );
}
