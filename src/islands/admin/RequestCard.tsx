import { Mail, MessageCircle, Phone } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import {
  destinationLabel,
  displayPhone,
  patientWhatsappUrl,
  phoneDigits,
  readinessLabel,
  serviceLabel,
  sourceKey,
  sourceLabel,
  timingLabel,
} from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { Badge, Field, Missing, StatusBadge, UserText } from './parts.tsx';

interface RequestCardProps {
  request: ContactRequest;
  fresh: boolean;
  onOpen: (id: string) => void;
}

/** One request (spec 2.13): every field, links to call, mail and WhatsApp; opens the dialog. */
export const RequestCard = memo(function RequestCard({ request, fresh, onOpen }: RequestCardProps) {
  const open = () => onOpen(request.id);
  // The whole card opens the dialog for mouse users; its links keep their own behaviour.
  const onCardClick = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button')) open();
  };
  const utm = [
    request.utm_campaign && adminText('admin.request.utmCampaign', { value: request.utm_campaign }),
    request.utm_source && adminText('admin.request.utmSource', { value: request.utm_source }),
    request.utm_medium && adminText('admin.request.utmMedium', { value: request.utm_medium }),
  ].filter((text): text is string => Boolean(text));
  return (
    <article
      onClick={onCardClick}
      data-testid="request-card"
      data-request-id={request.id}
      className={`card cursor-pointer p-4 transition-shadow hover:shadow-(--shadow-lift) sm:p-5 ${
        fresh ? 'ring-2 ring-saffron-400' : ''
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold">
          <button
            type="button"
            onClick={open}
            aria-label={adminText('admin.request.open', { name: request.name })}
            className="text-start hover:underline"
          >
            <UserText>{request.name}</UserText>
          </button>
        </h3>
        <div className="flex items-center gap-2">
          {fresh && <Badge tone="teal">{adminText('admin.dashboard.freshBadge')}</Badge>}
          <StatusBadge status={request.status} />
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4">
        <Field label={adminText('admin.request.phone')}>
          <a
            href={`tel:+${phoneDigits(request.phone)}`}
            dir="ltr"
            className="inline-flex items-center gap-1 font-semibold text-teal-700 hover:underline"
          >
            <Phone className="size-3.5" aria-hidden="true" />
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
              className="inline-flex max-w-full items-center gap-1 break-all text-teal-700 hover:underline"
            >
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              {request.email}
            </a>
          ) : (
            <Missing />
          )}
        </Field>
        <Field label={adminText('admin.request.service')}>{serviceLabel(request.service)}</Field>
        {request.country && (
          <Field label={adminText('admin.request.country')}>
            <UserText>{request.country}</UserText>
          </Field>
        )}
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
        <Field label={adminText('admin.request.date')}>
          <time dateTime={request.created_at}>{formatRequestDate(request.created_at)}</time>
        </Field>
        <Field label={adminText('admin.request.source')}>
          {sourceKey(request.source) ? (
            <UserText>{sourceLabel(request.source)}</UserText>
          ) : (
            <Missing />
          )}
        </Field>
      </dl>

      {(request.preferred_countries.length > 0 || utm.length > 0) && (
        <div className="mt-3 flex flex-wrap gap-1.5">
          {request.preferred_countries.map((slug) => (
            <Badge key={slug} tone="teal">
              {destinationLabel(slug)}
            </Badge>
          ))}
          {utm.map((text) => (
            <Badge key={text}>{text}</Badge>
          ))}
        </div>
      )}

      {request.notes && (
        <p className="mt-3 line-clamp-3 rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-wrap">
          <span className="font-semibold text-teal-900">{adminText('admin.request.notes')}: </span>
          <UserText>{request.notes}</UserText>
        </p>
      )}

      <div className="mt-3 flex justify-end">
        <a
          href={patientWhatsappUrl(request)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={adminText('admin.request.whatsappLabel', { name: request.name })}
          className="btn btn-whatsapp min-h-10 px-4 py-1.5 text-sm"
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          {adminText('admin.request.whatsapp')}
        </a>
      </div>
    </article>
  );
});
