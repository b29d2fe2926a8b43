import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { removeDraft } from '~/lib/admin/team.ts';
import { adminQueryKeys, deleteRequest } from '../data.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { binQueryKeys, restoreRequests } from './binData.ts';
import { useStaffRole } from './useStaffRole.ts';

/**
 * The dialog's «حذف», for owners only (a coordinator's delete is refused by the database, so it is
 * not offered). After the spec's confirmation the request goes to the bin (the spec's delete call,
 * which the database turns into a move to the bin); the toast keeps the spec's texts and offers
 * «تراجع» to bring it back at once.
 */
export function DeleteRequestButton({
  request,
  disabled,
  onDeleted,
}: {
  request: ContactRequest;
  disabled: boolean;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const owner = useStaffRole() === 'owner';
  const remove = useMutation({
    mutationFn: () => deleteRequest(request.id),
    onSuccess: () => {
      removeDraft(localStorage, request.id);
      void queryClient.invalidateQueries({ queryKey: binQueryKeys.bin });
      toast.success(adminText('admin.modal.deleteSuccessTitle'), {
        description: `${adminText('admin.modal.deleteSuccessDescription')}. ${adminText('admin.bin.inBin')}`,
        action: {
          label: adminText('admin.bin.undo'),
          onClick: () => {
            restoreRequests([request.id]).then(
              () => {
                toast.success(adminText('admin.bin.restored'));
                void queryClient.invalidateQueries({
                  queryKey: adminQueryKeys.request(request.id),
                });
              },
              (error: unknown) => reportFailure(error, adminText('admin.bin.error')),
            );
          },
        },
      });
      onDeleted();
    },
    onError: (error) => reportFailure(error, adminText('admin.modal.deleteError')),
  });
  if (!owner) return null;
  return (
    <button
      type="button"
      className="btn ms-auto min-h-11 border border-offer-600 bg-white px-4 py-2 text-offer-700 hover:bg-offer-600 hover:text-white"
      disabled={disabled || remove.isPending}
      onClick={() => {
        if (window.confirm(adminText('admin.modal.confirmDelete'))) remove.mutate();
      }}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      {remove.isPending ? adminText('admin.modal.deleting') : adminText('admin.modal.delete')}
    </button>
  );
}
