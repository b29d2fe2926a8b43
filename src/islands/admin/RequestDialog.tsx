import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircle, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import {
  destinationLabel,
  displayPhone,
  patientWhatsappUrl,
  phoneDigits,
  readinessLabel,
  requestStatuses,
  serviceLabel,
  sourceKey,
  sourceLabel,
  statusLabel,
  statusOf,
  timingLabel,
} from '~/lib/admin/labels.ts';
import { isSessionError } from '~/lib/admin/query.ts';
import type { ContactRequest, RequestStatus } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { adminQueryKeys, deleteRequest, updateRequest } from './data.ts';
import { Badge, Field, Missing, UserText } from './parts.tsx';
import { goToLogin } from './session.ts';

interface RequestDialogProps {
  request: ContactRequest;
  onClose: () => void;
}

/**
 * The request dialog (spec 2.13): read-only details with the patient's own message, status and
 * admin notes, dates, permanent delete after a confirmation, cancel and save. A native <dialog>
 * opened with showModal(): focus stays inside, Esc closes, and so does a click on the backdrop.
 */
export function RequestDialog({ request, onClose }: RequestDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RequestStatus>(statusOf(request.status));
  const [notes, setNotes] = useState(request.notes ?? '');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => ref.current?.close();
  const onFailure = (error: unknown, message: string) => {
    if (isSessionError(error)) return goToLogin('expired');
    toast.error(adminText('admin.error'), { description: message });
  };

  const save = useMutation({
    mutationFn: () => updateRequest(request.id, { status, notes: notes.trim() ? notes : null }),
    onSuccess: async () => {
      toast.success(adminText('admin.modal.updateSuccessTitle'), {
        description: adminText('admin.modal.updateSuccessDescription'),
      });
      close();
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.requests });
    },
    onError: (error) => onFailure(error, adminText('admin.modal.updateError')),
  });

  const remove = useMutation({
    mutationFn: () => deleteRequest(request.id),
    onSuccess: async () => {
      queryClient.setQueryData<ContactRequest[]>(adminQueryKeys.requests, (rows) =>
        rows?.filter((row) => row.id !== request.id),
      );
      toast.success(adminText('admin.modal.deleteSuccessTitle'), {
        description: adminText('admin.modal.deleteSuccessDescription'),
      });
      close();
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.requests });
    },
    onError: (error) => onFailure(error, adminText('admin.modal.deleteError')),
  });

  const busy = save.isPending || remove.isPending;
  const utm = [request.utm_campaign, request.utm_source, request.utm_medium].filter(Boolean);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      aria-labelledby={`${uid}-title`}
      data-testid="request-dialog"
      className="m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-2xl overflow-y-auto rounded-(--radius-card) bg-white p-0 text-ink shadow-(--shadow-lift) backdrop:bg-teal-950/60"
    >
      <form
        className="p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) save.mutate();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={`${uid}-title`} className="text-xl font-bold">
              {adminText('admin.modal.title')}
            </h2>
            <p className="mt-1 text-lg font-semibold">
              <UserText>{request.name}</UserText>
            </p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={adminText('admin.close')}
            className="rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        <section aria-labelledby={`${uid}-details`} className="mt-4">
          <h3 id={`${uid}-details`} className="sr-only">
            {adminText('admin.modal.details')}
          </h3>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Field label={adminText('admin.request.phone')}>
              <a
                href={`tel:+${phoneDigits(request.phone)}`}
                dir="ltr"
                className="font-semibold text-teal-700 hover:underline"
              >
                {displayPhone(request.phone, request.country_code)}
              </a>
              {!request.country_code && (
                <span className="ms-2 align-middle">
                  <Badge>{adminText('admin.phone.noCountry')}</Badge>
                </span>
              )}
            </Field>
            <Field label={adminText('admin.request.email')}>
              {request.email ? (
                <a
                  href={`mailto:${request.email}`}
                  dir="ltr"
                  className="break-all text-teal-700 hover:underline"
                >
                  {request.email}
                </a>
              ) : (
                <Missing />
              )}
            </Field>
            <Field label={adminText('admin.request.service')}>
              {serviceLabel(request.service)}
            </Field>
            <Field label={adminText('admin.request.country')}>
              {request.country ? <UserText>{request.country}</UserText> : <Missing />}
            </Field>
            <Field label={adminText('admin.request.readiness')}>
              {request.ready_to_travel
                ? readinessLabel(request.ready_to_travel)
                : adminText('admin.notAsked')}
            </Field>
            <Field label={adminText('admin.request.timing')}>
              {request.appointment_time
                ? timingLabel(request.appointment_time)
                : adminText('admin.notAsked')}
            </Field>
            <Field label={adminText('admin.request.countries')}>
              {request.preferred_countries.length ? (
                <span className="flex flex-wrap gap-1.5">
                  {request.preferred_countries.map((slug) => (
                    <Badge key={slug} tone="teal">
                      {destinationLabel(slug)}
                    </Badge>
                  ))}
                </span>
              ) : (
                <Missing />
              )}
            </Field>
            <Field label={adminText('admin.request.source')}>
              {sourceKey(request.source) ? (
                <UserText>{sourceLabel(request.source)}</UserText>
              ) : (
                <Missing />
              )}
            </Field>
            {utm.length > 0 && (
              <Field label={adminText('admin.request.campaign')}>
                <span className="flex flex-wrap gap-1.5">
                  {utm.map((value) => (
                    <Badge key={value}>{value}</Badge>
                  ))}
                </span>
              </Field>
            )}
          </dl>
          <div className="mt-4">
            <p className="text-xs font-semibold text-muted">{adminText('admin.request.message')}</p>
            <p className="mt-1 rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-wrap">
              {request.message ? <UserText>{request.message}</UserText> : <Missing />}
            </p>
          </div>
          <a
            href={patientWhatsappUrl(request)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-whatsapp mt-4 min-h-10 px-4 py-1.5 text-sm"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {adminText('admin.request.whatsappLabel', { name: request.name })}
          </a>
        </section>

        <section aria-labelledby={`${uid}-manage`} className="mt-6 border-t border-sand-200 pt-5">
          <h3 id={`${uid}-manage`} className="text-base font-bold">
            {adminText('admin.modal.manage')}
          </h3>
          <label
            htmlFor={`${uid}-status`}
            className="mt-3 block text-sm font-semibold text-teal-900"
          >
            {adminText('admin.modal.status')}
          </label>
          <select
            id={`${uid}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as RequestStatus)}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none"
          >
            {requestStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
          <label
            htmlFor={`${uid}-notes`}
            className="mt-4 block text-sm font-semibold text-teal-900"
          >
            {adminText('admin.modal.notes')}
          </label>
          <textarea
            id={`${uid}-notes`}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            rows={4}
            maxLength={5000}
            dir="auto"
            placeholder={adminText('admin.modal.notesPlaceholder')}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-none"
          />
          <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <Field label={adminText('admin.modal.submitted')}>
              <time dateTime={request.created_at}>{formatRequestDate(request.created_at)}</time>
            </Field>
            <Field label={adminText('admin.modal.updated')}>
              <time dateTime={request.updated_at}>{formatRequestDate(request.updated_at)}</time>
            </Field>
          </dl>
        </section>

        <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-sand-200 pt-5">
          <button type="submit" className="btn btn-primary min-h-11 px-5 py-2" disabled={busy}>
            {save.isPending ? adminText('admin.modal.saving') : adminText('admin.modal.save')}
          </button>
          <button
            type="button"
            className="btn btn-ghost min-h-11 px-5 py-2"
            onClick={close}
            disabled={busy}
          >
            {adminText('admin.modal.cancel')}
          </button>
          <button
            type="button"
            className="btn ms-auto min-h-11 border border-offer-600 bg-white px-4 py-2 text-offer-700 hover:bg-offer-600 hover:text-white"
            disabled={busy}
            onClick={() => {
              if (window.confirm(adminText('admin.modal.confirmDelete'))) remove.mutate();
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {remove.isPending ? adminText('admin.modal.deleting') : adminText('admin.modal.delete')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
