import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { displayPhone, serviceLabel } from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { refusalText } from '~/lib/admin/refusals.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { AdminTable } from '../AdminTable.tsx';
import { Checking, LoadFailed, Notice, UserText } from '../parts.tsx';
import { goToLogin } from '../session.ts';
import { useAdminGuard } from '../useAdminGuard.ts';
import {
  BIN_PAGE_SIZE,
  binQueryKeys,
  fetchBinPage,
  purgeRequests,
  restoreRequests,
  type BinRow,
} from './binData.ts';
import { useStaffRole } from './useStaffRole.ts';

/**
 * /admin/bin (docs/admin.md "The bin"): the requests owners deleted, most recent first, each with
 * who deleted it and when the retention erases it; «استعادة» brings one back to everyone's lists,
 * «حذف نهائي» erases it at once after the spec's confirmation. Owners only: the database refuses
 * anyone else (bin_page, restore_requests, purge_requests), and the screen says so.
 */
export default function BinApp() {
  return (
    <AdminProviders>
      <Bin />
    </AdminProviders>
  );
}

function Bin() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const role = useStaffRole(admin);
  if (!admin || role === null) return <Checking />;
  return (
    <>
      <AdminHeader title={adminText('admin.bin.title')} screen="bin" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-4 py-6 outline-none sm:py-8"
      >
        {role === 'owner' ? <BinList /> : <Notice>{adminText('admin.bin.ownersOnly')}</Notice>}
      </div>
    </>
  );
}

function BinList() {
  const queryClient = useQueryClient();
  const bin = useInfiniteQuery({
    queryKey: binQueryKeys.bin,
    queryFn: ({ pageParam }) => fetchBinPage(pageParam),
    initialPageParam: null as BinRow | null,
    getNextPageParam: (last) =>
      last.rows.length === BIN_PAGE_SIZE ? (last.rows.at(-1) ?? null) : null,
  });
  const onError = (error: unknown) => {
    if (isSessionError(error)) return goToLogin('expired');
    toast.error(adminText('admin.error'), {
      description: `${adminText('admin.bin.error')} ${refusalText(error)}`,
    });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: binQueryKeys.bin });
  const restore = useMutation({
    mutationFn: (id: string) => restoreRequests([id]),
    onSuccess: async () => {
      toast.success(adminText('admin.bin.restored'));
      await refresh();
    },
    onError,
  });
  const purge = useMutation({
    mutationFn: (id: string) => purgeRequests([id]),
    onSuccess: async () => {
      toast.success(adminText('admin.bin.purged'));
      await refresh();
    },
    onError,
  });

  if (bin.isError) {
    return (
      <LoadFailed message={adminText('admin.bin.loadError')} onRetry={() => void bin.refetch()} />
    );
  }
  if (!bin.data) return <Notice>{adminText('admin.loading')}</Notice>;
  const rows = bin.data.pages.flatMap((page) => page.rows);
  const total = bin.data.pages[0]?.total ?? 0;
  const busy = restore.isPending || purge.isPending;
  return (
    <>
      <div className="card space-y-2 p-4 sm:p-5">
        <p className="text-lg font-bold text-teal-900" data-testid="bin-total">
          {adminText('admin.bin.total', { count: total })}
        </p>
        <p className="text-sm text-muted">{adminText('admin.bin.intro')}</p>
      </div>
      {rows.length === 0 ? (
        <Notice>{adminText('admin.bin.empty')}</Notice>
      ) : (
        <AdminTable
          caption={adminText('admin.bin.title')}
          columns={[
            adminText('admin.bin.name'),
            adminText('admin.bin.phone'),
            adminText('admin.request.service'),
            adminText('admin.bin.deletedAt'),
            adminText('admin.bin.deletedBy'),
            adminText('admin.bin.purgeAt'),
            adminText('admin.bin.actions'),
          ]}
          minWidthClass="min-w-[56rem]"
          testId="bin-table"
        >
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-sand-200 align-top last:border-0 even:bg-sand-50"
              data-testid="bin-row"
            >
              <td className="px-4 py-3 font-semibold">
                <UserText>{row.name}</UserText>
              </td>
              <td className="px-4 py-3 whitespace-nowrap" dir="ltr">
                {displayPhone(row.phone, row.country_code)}
              </td>
              <td className="px-4 py-3">{serviceLabel(row.service)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatRequestDate(row.deleted_at)}</td>
              <td className="px-4 py-3" dir="auto">
                {row.deleted_by_name ?? adminText('admin.team.system')}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatRequestDate(row.purge_at)}</td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-ghost min-h-10 px-3 py-1.5 text-sm"
                    disabled={busy}
                    aria-label={adminText('admin.bin.restoreLabel', { name: row.name })}
                    onClick={() => restore.mutate(row.id)}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    {adminText('admin.bin.restore')}
                  </button>
                  <button
                    type="button"
                    className="btn min-h-10 border border-offer-600 bg-white px-3 py-1.5 text-sm text-offer-700 hover:bg-offer-600 hover:text-white"
                    disabled={busy}
                    aria-label={adminText('admin.bin.purgeLabel', { name: row.name })}
                    onClick={() => {
                      if (window.confirm(adminText('admin.bin.confirmPurge'))) purge.mutate(row.id);
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {adminText('admin.bin.purge')}
                  </button>
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {bin.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
            disabled={bin.isFetchingNextPage}
            onClick={() => void bin.fetchNextPage()}
          >
            {adminText('admin.page.more')}
          </button>
        </div>
      )}
    </>
  );
}
