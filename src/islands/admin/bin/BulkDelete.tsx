import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isSessionError } from '~/lib/admin/query.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { goToLogin } from '../session.ts';
import type { BulkItem, BulkResult } from '../work/bulk.ts';
import { deleteRequests } from './binData.ts';
import { useStaffRole } from './useStaffRole.ts';

/**
 * «حذف المحدد» in the bulk bar, for owners only: the owner types the number of selected requests
 * back before they go to the bin, so a stray click on a full selection moves nothing. Each request
 * moves only at the version it was shown (delete_requests), like the other bulk actions; those a
 * colleague changed meanwhile stay, still selected.
 */
export function BulkDelete({
  items,
  onDone,
  onOutcome,
}: {
  items: BulkItem[];
  onDone: (result: BulkResult) => void;
  onOutcome: (text: string) => void;
}) {
  const uid = useId();
  const owner = useStaffRole() === 'owner';
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The question takes the focus, so the count is typed straight away (and read out).
  useEffect(() => {
    if (asking) input.current?.focus();
  }, [asking]);
  const remove = useMutation({
    mutationFn: () => deleteRequests(items),
    onSuccess: (result) => {
      setAsking(false);
      setTyped('');
      const outcome =
        adminText('admin.bin.bulkDone', { deleted: result.deleted.length, total: items.length }) +
        adminText('admin.work.bulkStale', { count: result.stale.length });
      onOutcome(outcome);
      // Also a message: the bar goes away with the list when every ticked request left it.
      toast.success(outcome);
      onDone({
        updated: items.filter((item) => result.deleted.includes(item.id)),
        stale: result.stale,
        missing: result.missing,
      });
    },
    onError: (error) => {
      if (isSessionError(error)) return goToLogin('expired');
      toast.error(adminText('admin.error'), { description: adminText('admin.bin.error') });
    },
  });
  if (!owner) return null;
  if (!asking) {
    return (
      <button
        type="button"
        className="btn min-h-10 border border-offer-600 bg-white px-4 py-1.5 text-sm text-offer-700 hover:bg-offer-600 hover:text-white"
        disabled={items.length === 0}
        onClick={() => setAsking(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {adminText('admin.bin.bulkDelete')}
      </button>
    );
  }
  // The count typed back, in Western or Arabic-Indic digits.
  const matches =
    typed.trim().replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)) ===
    String(items.length);
  return (
    <form
      className="flex basis-full flex-wrap items-end gap-2"
      data-testid="bulk-delete"
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) remove.mutate();
      }}
    >
      <p id={`${uid}-ask`} className="basis-full text-sm font-semibold text-offer-700">
        {adminText('admin.bin.bulkConfirm', { count: items.length })}
      </p>
      <label className="text-sm font-semibold text-teal-900">
        {adminText('admin.bin.bulkCount')}
        <input
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          ref={input}
          aria-describedby={`${uid}-ask`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="mt-1 block w-24 rounded-xl border border-sand-300 bg-white px-3 py-2 text-sm focus:border-teal-700 focus:outline-none"
        />
      </label>
      <button
        type="submit"
        className="btn min-h-10 bg-offer-600 px-4 py-1.5 text-sm text-white hover:bg-offer-700"
        disabled={!matches || remove.isPending}
      >
        {adminText('admin.bin.bulkConfirmButton')}
      </button>
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
        onClick={() => {
          setAsking(false);
          setTyped('');
        }}
      >
        {adminText('admin.bin.bulkCancel')}
      </button>
    </form>
  );
}
