import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { serviceLabel } from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { staleOrRefusal } from '~/lib/admin/refusals.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { StaleVersionError } from '~/lib/admin/writes.ts';
import { requestServices } from '~/lib/services.ts';
import { AdminTable } from '../AdminTable.tsx';
import { contactKeys } from '../contact/contactData.ts';
import { LoadFailed, Notice } from '../parts.tsx';
import { goToLogin } from '../session.ts';
import {
  deskKeys,
  fetchRouting,
  saveRoutingRule,
  setStaffRouting,
  type RoutingSettings,
  type StaffRouting,
} from './deskData.ts';

const LANGUAGES = ['ar', 'en'] as const;

/**
 * «توزيع الطلبات الجديدة»: the owner's routing rule (off, round robin among staff on duty,
 * optionally by language and treatment) and, per staff member, duty, languages and treatments.
 * Coordinators read it (their own duty is switched on the dashboard).
 */
export function RoutingSection({ owner }: { owner: boolean }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const routing = useQuery({ queryKey: deskKeys.routing, queryFn: fetchRouting });
  // What the owner just changed shows at once; the database's answer then replaces it.
  const [shown, setShown] = useState<RoutingSettings | null>(null);
  const done = (saved: RoutingSettings) => {
    queryClient.setQueryData(deskKeys.routing, saved);
    setShown(null);
    void queryClient.invalidateQueries({ queryKey: contactKeys.duty });
  };
  const failed = (error: unknown) => {
    setShown(null);
    if (isSessionError(error)) return goToLogin('expired');
    // Another owner's rule saved since is not overwritten: theirs is shown, with who and when.
    if (error instanceof StaleVersionError) void routing.refetch();
    toast.error(adminText('admin.routing.failed'), { description: staleOrRefusal(error) });
  };
  const rule = useMutation({
    mutationFn: saveRoutingRule,
    onSuccess: (saved) => {
      done(saved);
      toast.success(adminText('admin.routing.saved'));
    },
    onError: failed,
  });
  const staff = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Parameters<typeof setStaffRouting>[1] }) =>
      setStaffRouting(id, patch),
    onSuccess: done,
    onError: failed,
  });
  if (routing.isError) {
    return (
      <LoadFailed
        message={adminText('admin.routing.failed')}
        onRetry={() => void routing.refetch()}
      />
    );
  }
  if (!routing.data) return <Notice>{adminText('admin.loading')}</Notice>;
  const data = shown ?? routing.data;
  const busy = !owner || rule.isPending || staff.isPending;
  const toggle = (
    field: 'enabled' | 'by_language' | 'by_service',
    key: Parameters<typeof adminText>[0],
  ) => (
    <label className="inline-flex items-center gap-2 text-sm font-semibold text-teal-900">
      <input
        type="checkbox"
        role="switch"
        className="size-4 accent-teal-700"
        checked={data[field]}
        disabled={busy}
        data-testid={`routing-${field}`}
        onChange={(event) => {
          const next = { ...data, [field]: event.target.checked };
          setShown(next);
          rule.mutate({
            enabled: next.enabled,
            by_language: next.by_language,
            by_service: next.by_service,
            updated_at: routing.data.updated_at,
          });
        }}
      />
      {adminText(key)}
    </label>
  );
  return (
    <section className="card space-y-4 p-4 sm:p-5" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="text-lg font-bold">
        {adminText('admin.routing.title')}
      </h2>
      <p className="text-sm">{adminText('admin.routing.intro')}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {toggle('enabled', 'admin.routing.enabled')}
        {toggle('by_language', 'admin.routing.byLanguage')}
        {toggle('by_service', 'admin.routing.byService')}
      </div>
      <h3 className="pt-2 font-bold">{adminText('admin.routing.staffTitle')}</h3>
      <p className="text-sm text-muted">{adminText('admin.routing.staffIntro')}</p>
      <AdminTable
        caption={adminText('admin.routing.staffTitle')}
        columns={(['colName', 'colDuty', 'colLanguages', 'colServices', 'colLast'] as const).map(
          (column) => adminText(`admin.routing.${column}`),
        )}
        minWidthClass="min-w-[44rem]"
        testId="routing-staff"
      >
        {data.staff.map((member) => (
          <StaffLine
            key={member.id}
            member={member}
            disabled={busy}
            onChange={(patch) => {
              setShown({
                ...data,
                staff: data.staff.map((each) =>
                  each.id === member.id ? { ...each, ...patch } : each,
                ),
              });
              staff.mutate({ id: member.id, patch });
            }}
          />
        ))}
      </AdminTable>
    </section>
  );
}

interface StaffLineProps {
  member: StaffRouting;
  disabled: boolean;
  onChange: (patch: Partial<Pick<StaffRouting, 'on_duty' | 'languages' | 'services'>>) => void;
}

function StaffLine({ member, disabled, onChange }: StaffLineProps) {
  const name = member.display_name ?? member.username;
  return (
    <tr
      className="border-b border-sand-200 align-top last:border-0 even:bg-sand-50"
      data-testid="routing-staff-row"
    >
      <td className="px-4 py-3 font-semibold">
        <span dir="auto">{name}</span>
        {!member.active && (
          <span className="ms-2 text-xs font-normal text-offer-700">
            {adminText('admin.routing.disabled')}
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        <input
          type="checkbox"
          role="switch"
          className="size-4 accent-teal-700"
          aria-label={adminText('admin.routing.dutyLabel', { name })}
          checked={member.on_duty}
          disabled={disabled}
          onChange={(event) => onChange({ on_duty: event.target.checked })}
        />
      </td>
      <td className="px-4 py-3">
        {LANGUAGES.map((language) => (
          <label key={language} className="me-3 inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              aria-label={adminText('admin.routing.languageLabel', {
                language: adminText(`admin.routing.language.${language}`),
                name,
              })}
              checked={member.languages.includes(language)}
              disabled={disabled}
              onChange={(event) =>
                onChange({
                  languages: event.target.checked
                    ? [...member.languages, language]
                    : member.languages.filter((each) => each !== language),
                })
              }
            />
            {adminText(`admin.routing.language.${language}`)}
          </label>
        ))}
      </td>
      <td className="px-4 py-3">
        <select
          multiple
          size={3}
          aria-label={adminText('admin.routing.servicesLabel', { name })}
          className="w-48 rounded-xl border border-sand-300 bg-white px-2 py-1 text-sm"
          value={member.services}
          disabled={disabled}
          onChange={(event) =>
            onChange({
              services: [...event.target.selectedOptions].map(
                (option) => option.value as StaffRouting['services'][number],
              ),
            })
          }
        >
          {requestServices.map((service) => (
            <option key={service} value={service}>
              {serviceLabel(service)}
            </option>
          ))}
        </select>
        {member.services.length === 0 && (
          <p className="mt-1 text-xs text-muted">{adminText('admin.routing.allServices')}</p>
        )}
      </td>
      <td className="px-4 py-3 text-sm text-muted">
        {member.last_routed_at
          ? formatRequestDate(member.last_routed_at)
          : adminText('admin.routing.never')}
      </td>
    </tr>
  );
}
