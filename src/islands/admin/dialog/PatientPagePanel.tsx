import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { patientStepLabel, patientSteps } from '~/lib/admin/patient-events.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { patientPageUrl } from '~/lib/patient/link.ts';
import { nowText } from '~/lib/patient/now-text.ts';
import { nextAction } from '~/lib/patient/steps.ts';
import { patientNowAr } from '~/i18n/ui/patient-now-ar.ts';
import { forgetIssuedLink, rememberIssuedLink } from '../contact/issuedLinks.ts';
import { adminQueryKeys } from '../data.ts';
import {
  type PatientPageInfo,
  fetchPatientPageInfo,
  issuePatientLink,
  patientPageKey,
  revokePatientLink,
  setPatientStep,
} from './patientPageData.ts';
import { reportFailure } from './useSaveRequest.ts';

/**
 * «صفحة المريض» in the request dialog (issue 29): the reference, when the patient last opened
 * their page, the step they see, and the link. Only the link's hash is stored, so «نسخ رابط
 * المريض» copies a link just issued with «إصدار رابط جديد» (shown once, here); issuing or
 * cancelling stops the old link at once.
 */
export function PatientPagePanel({ request }: { request: ContactRequest }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [freshLink, setFreshLink] = useState<string | null>(null);
  const info = useQuery({
    queryKey: patientPageKey(request.id),
    queryFn: () => fetchPatientPageInfo(request.id),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: patientPageKey(request.id) }),
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) }),
    ]);

  const issue = useMutation({
    mutationFn: () => issuePatientLink(request.id),
    onSuccess: async (token) => {
      const link = patientPageUrl(window.location.origin, request.language, token);
      setFreshLink(link);
      // A WhatsApp message may carry it as {page_link} while this tab keeps it (issue 32).
      rememberIssuedLink(request.id, link);
      toast.success(adminText('admin.patientPage.issued'));
      await refresh();
    },
    onError: (error) => reportFailure(error, adminText('admin.patientPage.error')),
  });
  const revoke = useMutation({
    mutationFn: () => revokePatientLink(request.id),
    onSuccess: async () => {
      setFreshLink(null);
      forgetIssuedLink(request.id);
      toast.success(adminText('admin.patientPage.revoked'));
      await refresh();
    },
    onError: (error) => reportFailure(error, adminText('admin.patientPage.error')),
  });
  const step = useMutation({
    // Over the step this panel shows: a colleague's step set since is refused (who and when)
    // and the panel reads the step again.
    mutationFn: (value: string | null) =>
      setPatientStep(request.id, value, info.data?.step ?? null),
    onSuccess: async () => {
      toast.success(adminText('admin.patientPage.stepSaved'));
      await refresh();
    },
    onError: async (error) => {
      reportFailure(error, adminText('admin.patientPage.error'));
      await refresh();
    },
  });

  const copy = async () => {
    if (!freshLink) return;
    try {
      await navigator.clipboard.writeText(freshLink);
      toast.success(adminText('admin.patientPage.copied'));
    } catch {
      toast.error(adminText('admin.patientPage.copyFailed'));
    }
  };

  const data = info.data;
  const busy = issue.isPending || revoke.isPending || step.isPending;
  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="patient-page-panel"
    >
      <h3 id={`${uid}-title`} className="mb-3 text-base font-bold">
        {adminText('admin.patientPage.title')}
      </h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-muted">
            {adminText('admin.patientPage.reference')}
          </dt>
          <dd dir="ltr" className="text-start font-mono font-bold" data-testid="patient-reference">
            {request.reference}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted">
            {adminText('admin.patientPage.lastOpened')}
          </dt>
          <dd data-testid="patient-last-opened">
            {data?.last_opened_at
              ? formatRequestDate(data.last_opened_at)
              : adminText('admin.patientPage.neverOpened')}
          </dd>
        </div>
      </dl>
      {data?.now && <PatientNowLine info={data} />}
      {data?.callback_at && (
        <p className="mt-2 text-sm font-semibold text-teal-900">
          {adminText('admin.patientPage.callback', { time: formatRequestDate(data.callback_at) })}
        </p>
      )}
      <label className="mt-3 block text-xs font-semibold text-muted" htmlFor={`${uid}-step`}>
        {adminText('admin.patientPage.step')}
      </label>
      <select
        id={`${uid}-step`}
        className="mt-1 min-h-10 rounded-xl border border-sand-300 bg-white px-3"
        value={data?.step ?? ''}
        disabled={!data || busy}
        onChange={(event) => step.mutate(event.target.value || null)}
      >
        <option value="">{patientStepLabel(null)}</option>
        {patientSteps.map((value) => (
          <option key={value} value={value}>
            {patientStepLabel(value)}
          </option>
        ))}
      </select>

      <LinkControls
        linkActive={Boolean(data?.link_active)}
        freshLink={freshLink}
        busy={busy}
        onCopy={() => void copy()}
        onIssue={() => issue.mutate()}
        onRevoke={() => revoke.mutate()}
      />
    </section>
  );
}

/** The "what now" the patient reads on their page (issue 43): the same state, mapping and words. */
function PatientNowLine({ info }: { info: PatientPageInfo }) {
  const action = nextAction({
    step: info.step as never,
    status: 'new',
    now: info.now,
    manager: info.manager_name
      ? { name: info.manager_name, whatsapp: null, assigned_at: null }
      : null,
  });
  const { sentence } = nowText(action, {
    lang: 'ar',
    strings: patientNowAr,
    manager: info.manager_name,
    slotName: (slot) => adminText(`admin.files.slot.${slot}` as AdminKey),
    formatTime: formatRequestDate,
  });
  return (
    <p className="mt-2 rounded-xl bg-sand-50 p-2 text-sm" data-testid="patient-now">
      <span className="font-semibold">{adminText('admin.patientPage.now')}</span> {sentence}
    </p>
  );
}

interface LinkControlsProps {
  linkActive: boolean;
  /** The link just issued in this dialog (shown once), or null. */
  freshLink: string | null;
  busy: boolean;
  onCopy: () => void;
  onIssue: () => void;
  onRevoke: () => void;
}

/** The link's buttons: copy (only a link just issued), issue a new one, cancel. */
function LinkControls({
  linkActive,
  freshLink,
  busy,
  onCopy,
  onIssue,
  onRevoke,
}: LinkControlsProps) {
  const uid = useId();
  return (
    <>
      {!linkActive && !freshLink && (
        <p className="mt-3 text-sm text-offer-700">{adminText('admin.patientPage.noLink')}</p>
      )}
      {freshLink && (
        <div className="mt-3">
          <label className="block text-xs font-semibold text-muted" htmlFor={`${uid}-link`}>
            {adminText('admin.patientPage.linkLabel')}
          </label>
          <input
            id={`${uid}-link`}
            readOnly
            dir="ltr"
            value={freshLink}
            data-testid="patient-fresh-link"
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded-xl border border-sand-300 bg-sand-50 px-3 py-2 text-sm"
          />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          disabled={!freshLink}
          aria-describedby={freshLink ? undefined : `${uid}-copy-hint`}
          onClick={onCopy}
        >
          {adminText('admin.patientPage.copy')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
          disabled={busy}
          onClick={() => {
            if (window.confirm(adminText('admin.patientPage.issueConfirm'))) onIssue();
          }}
        >
          {adminText('admin.patientPage.issue')}
        </button>
        {(linkActive || freshLink) && (
          <button
            type="button"
            className="min-h-10 px-2 text-sm text-offer-700 underline"
            disabled={busy}
            onClick={() => {
              if (window.confirm(adminText('admin.patientPage.revokeConfirm'))) onRevoke();
            }}
          >
            {adminText('admin.patientPage.revoke')}
          </button>
        )}
      </div>
      {!freshLink && (
        <p id={`${uid}-copy-hint`} className="mt-2 text-xs text-muted">
          {adminText('admin.patientPage.copyHint')}
        </p>
      )}
    </>
  );
}
