import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import { staleOrRefusal } from '~/lib/admin/refusals.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { isNoAnswer, StaleVersionError } from '~/lib/admin/writes.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { useStaffRole } from '../bin/useStaffRole.ts';
import { Checking, LoadFailed, Notice } from '../parts.tsx';
import { goToLogin } from '../session.ts';
import { useAdminGuard } from '../useAdminGuard.ts';
import {
  deskKeys,
  fetchFirstContactSettings,
  saveFirstContactSettings,
  type FirstContactSettings,
} from './deskData.ts';
import { RoutingSection } from './RoutingSection.tsx';

/**
 * /admin/first-contact (docs/admin.md "First contact and routing"): the agency's working hours and
 * the two first-contact thresholds, the routing rule and who is on duty. Staff read it; owners
 * change it (the database refuses anyone else).
 */
export default function FirstContactApp() {
  return (
    <AdminProviders>
      <FirstContact />
    </AdminProviders>
  );
}

function FirstContact() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const role = useStaffRole(admin);
  const settings = useQuery({
    queryKey: deskKeys.settings,
    queryFn: fetchFirstContactSettings,
    enabled: admin,
  });
  if (!admin || role === null) return <Checking />;
  const owner = role === 'owner';
  return (
    <>
      <AdminHeader title={adminText('admin.firstContact.pageTitle')} screen="first-contact" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-6 py-6 outline-none sm:py-8"
      >
        {settings.isError ? (
          <LoadFailed
            message={adminText('admin.firstContact.loadFailed')}
            onRetry={() => void settings.refetch()}
          />
        ) : settings.data ? (
          <HoursForm key={settings.data.updated_at} settings={settings.data} owner={owner} />
        ) : (
          <Notice>{adminText('admin.loading')}</Notice>
        )}
        <RoutingSection owner={owner} />
      </div>
    </>
  );
}

/** The time zones this browser knows (the database checks the name again). */
function timeZones(current: string): string[] {
  const known =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ??
    [];
  return known.includes(current) ? known : [current, ...known];
}

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Why the settings were not saved: saved by another owner since the form opened (who and when;
 * what was typed stays in the form), no answer at all, or a value the database refused.
 */
function settingsProblem(error: unknown): string {
  const hint = (error as { hint?: string }).hint;
  return adminText('admin.firstContact.failed', {
    reason:
      error instanceof StaleVersionError || isNoAnswer(error)
        ? staleOrRefusal(error)
        : adminText(
            hint === 'time_zone'
              ? 'admin.firstContact.badTimeZone'
              : 'admin.firstContact.badValues',
          ),
  });
}

function HoursForm({ settings, owner }: { settings: FirstContactSettings; owner: boolean }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveFirstContactSettings(form),
    onSuccess: (saved) => {
      setProblem(null);
      queryClient.setQueryData(deskKeys.settings, saved);
      toast.success(adminText('admin.firstContact.saved'));
    },
    onError: (error: unknown) => {
      if (isSessionError(error)) return goToLogin('expired');
      setProblem(settingsProblem(error));
    },
  });
  const input =
    'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-teal-700 focus:outline-none disabled:bg-sand-50';
  const label = 'block text-sm font-semibold text-teal-900';
  return (
    <section className="card space-y-4 p-4 sm:p-5" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="text-lg font-bold">
        {adminText('admin.firstContact.hoursTitle')}
      </h2>
      <p className="text-sm">{adminText('admin.firstContact.hoursIntro')}</p>
      {!owner && (
        <p className="text-sm font-semibold text-teal-900">
          {adminText('admin.firstContact.ownerOnly')}
        </p>
      )}
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <fieldset disabled={!owner || save.isPending} className="space-y-4">
          <label className={`${label} max-w-sm`}>
            {adminText('admin.firstContact.timeZone')}
            <select
              value={form.time_zone}
              dir="ltr"
              onChange={(event) => setForm({ ...form, time_zone: event.target.value })}
              className={input}
            >
              {timeZones(form.time_zone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
          <WorkDays
            days={form.work_days}
            onChange={(workDays) => setForm({ ...form, work_days: workDays })}
          />
          <div className="grid gap-3 sm:grid-cols-4">
            {(
              [
                ['day_start', 'admin.firstContact.dayStart', 'time'],
                ['day_end', 'admin.firstContact.dayEnd', 'time'],
                ['contact_minutes', 'admin.firstContact.contactMinutes', 'number'],
                ['escalate_minutes', 'admin.firstContact.escalateMinutes', 'number'],
              ] as const
            ).map(([field, key, type]) => (
              <label key={field} className={label}>
                {adminText(key)}
                <input
                  type={type}
                  dir="ltr"
                  min={type === 'number' ? 1 : undefined}
                  value={form[field]}
                  onChange={(event) =>
                    setForm({
                      ...form,
                      [field]: type === 'number' ? Number(event.target.value) : event.target.value,
                    })
                  }
                  className={input}
                />
              </label>
            ))}
          </div>
        </fieldset>
        {problem && (
          <p role="alert" className="text-sm text-offer-700">
            {problem}
          </p>
        )}
        {owner && (
          <button
            type="submit"
            className="btn btn-primary min-h-11 px-5 py-2"
            disabled={save.isPending}
          >
            {adminText('admin.firstContact.save')}
          </button>
        )}
      </form>
      {settings.updated_by && (
        <p className="text-xs text-muted">
          {adminText('admin.firstContact.updated', {
            name: settings.updated_by,
            date: formatRequestDate(settings.updated_at),
          })}
        </p>
      )}
    </section>
  );
}

/** The working days as seven checkboxes, Monday first (ISO days). */
function WorkDays({ days, onChange }: { days: number[]; onChange: (days: number[]) => void }) {
  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-teal-900">
        {adminText('admin.firstContact.days')}
      </legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {DAYS.map((day) => (
          <label key={day} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={days.includes(day)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...days, day].sort()
                    : days.filter((each) => each !== day),
                )
              }
            />
            {adminText(`admin.firstContact.day.${day}` as AdminKey)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
