import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { requestStatuses, statusLabel } from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { RequestStatus, StaffAccount } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { BulkDelete } from '../bin/BulkDelete.tsx';
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

  // With nothing selected (and no outcome to read) the bar is one line: its choices would only be
  // disabled controls above the first request (issue 41, the inbox on the first screen).
  const idle = items.length === 0 && outcome === null && !apply.isPending;
  return (
    <section
      aria-label={adminText('admin.work.bulkLabel')}
      data-testid="bulk-bar"
      className="card sticky top-2 z-20 flex flex-wrap items-end gap-3 border-s-4 border-teal-700 p-3"
    >
      <p className="self-center font-semibold" data-testid="bulk-count">
        {adminText('admin.work.selected', { count: items.length })}
      </p>
      {!idle && (
        <>
          <BulkChoice
            label={adminText('admin.work.bulkStatus')}
            options={requestStatuses.map((value) => ({ value, label: statusLabel(value) }))}
            disabled={items.length === 0 || apply.isPending}
            onApply={(value) => apply.mutate({ status: value as RequestStatus })}
          />
          <BulkChoice
            label={adminText('admin.work.bulkAssign')}
            options={[
              { value: UNASSIGN, label: adminText('admin.team.unassigned') },
              ...staff
                .filter((account) => account.active !== false)
                .map((account) => ({ value: account.id, label: account.username })),
            ]}
            disabled={items.length === 0 || apply.isPending}
            onApply={(value) => apply.mutate({ assigned_to: value === UNASSIGN ? null : value })}
          />
          <BulkDelete items={items} onDone={onDone} onOutcome={setOutcome} />
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
            onClick={onClear}
            disabled={items.length === 0}
          >
            {adminText('admin.work.bulkClear')}
          </button>
        </>
      )}
      <p
        role="status"
        data-testid="bulk-outcome"
        className={`basis-full text-sm font-semibold ${idle ? 'sr-only' : ''}`}
      >
        {apply.isPending ? adminText('admin.work.bulkApplying') : outcome}
      </p>
    </section>
  );
}

interface BulkChoiceProps {
  label: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  onApply: (value: string) => void;
}

/** One bulk action: a labelled choice and its «تطبيق» button (nothing happens until one is chosen). */
function BulkChoice({ label, options, disabled, onApply }: BulkChoiceProps) {
  const [value, setValue] = useState('');
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onApply(value);
      }}
    >
      <label className="text-sm font-semibold text-teal-900">
        {label}
        <select
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="mt-1 block rounded-xl border border-sand-300 bg-white px-3 py-2 text-sm focus:border-teal-700 focus:outline-none"
        >
          <option value="">{adminText('admin.work.bulkChoose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
        disabled={!value || disabled}
      >
        {adminText('admin.work.bulkApply')}
      </button>
    </form>
  );
}
