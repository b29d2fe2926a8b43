import { Mail, Phone } from 'lucide-react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import {
  destinationLabel,
  displayPhone,
  entryChannelLabel,
  readinessLabel,
  serviceLabel,
  sourceKey,
  sourceLabel,
  telUrl,
  timingLabel,
} from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { Badge, Field, Missing, UserText } from './parts.tsx';

interface RequestFieldsProps {
  request: ContactRequest;
  /**
   * The card (a dense grid, as docs/admin.md describes the cards; country only when present; the date;
   * countries and campaign as badges under it) or the dialog (every field labelled, "غير محدد" when missing).
   */
  variant: 'card' | 'dialog';
  /** «أضف رمز الدولة» on a number without its country: opens its correction. */
  onAddCountry?: () => void;
}

/**
 * The patient's details as both the request card and the request dialog show them: one place
 * for a field's label, link and fallback, so a new field (a "not mailed" marker, "country not
 * asked") is added once.
 */
export function RequestFields({ request, variant, onAddCountry }: RequestFieldsProps) {
  const card = variant === 'card';
  const utm = [request.utm_campaign, request.utm_source, request.utm_medium].filter(
    (value): value is string => Boolean(value),
  );
  const countries = request.preferred_countries.map((slug) => (
    <Badge key={slug} tone="teal">
      {destinationLabel(slug)}
    </Badge>
  ));
  return (
    <>
      <dl
        className={
          card
            ? 'mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4'
            : 'grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2'
        }
      >
        <Field label={adminText('admin.request.phone')}>
          <PatientPhone request={request} card={card} onAddCountry={onAddCountry} />
        </Field>
        <Field label={adminText('admin.request.email')}>
          {request.email ? (
            <a
              href={`mailto:${request.email}`}
              dir="ltr"
              className="inline-flex max-w-full items-center gap-1 break-all text-teal-700 hover:underline"
            >
              {card && <Mail className="size-3.5 shrink-0" aria-hidden="true" />}
              {request.email}
            </a>
          ) : (
            <Missing />
          )}
        </Field>
        <Field label={adminText('admin.request.service')}>{serviceLabel(request.service)}</Field>
        {(request.country || !card) && (
          <Field label={adminText('admin.request.country')}>
            {request.country ? <UserText>{request.country}</UserText> : <Missing />}
          </Field>
        )}
        <Field label={adminText('admin.request.readiness')}>
          {/* Null only where the form never asked (offer registrations): say so, invent nothing. */}
          {request.ready_to_travel
            ? readinessLabel(request.ready_to_travel)
            : adminText('admin.notAsked')}
        </Field>
        <Field label={adminText('admin.request.timing')}>
          {request.appointment_time
            ? timingLabel(request.appointment_time)
            : adminText('admin.notAsked')}
        </Field>
        {card ? (
          <Field label={adminText('admin.request.date')}>
            <time dateTime={request.created_at}>{formatRequestDate(request.created_at)}</time>
          </Field>
        ) : (
          <Field label={adminText('admin.request.countries')}>
            {countries.length ? (
              <span className="flex flex-wrap gap-1.5">{countries}</span>
            ) : (
              <Missing />
            )}
          </Field>
        )}
        <Field label={adminText('admin.request.source')}>
          {sourceKey(request.source) ? (
            <UserText>{sourceLabel(request.source)}</UserText>
          ) : (
            <Missing />
          )}
        </Field>
        <EntryFields request={request} />
        {!card && utm.length > 0 && (
          <Field label={adminText('admin.request.campaign')}>
            <span className="flex flex-wrap gap-1.5">
              {utm.map((value) => (
                <Badge key={value}>{value}</Badge>
              ))}
            </span>
          </Field>
        )}
      </dl>
      {card && (countries.length > 0 || utm.length > 0) && (
        <div className="mt-3 flex flex-wrap gap-1.5">
          {countries}
          {request.utm_campaign && (
            <Badge>{adminText('admin.request.utmCampaign', { value: request.utm_campaign })}</Badge>
          )}
          {request.utm_source && (
            <Badge>{adminText('admin.request.utmSource', { value: request.utm_source })}</Badge>
          )}
          {request.utm_medium && (
            <Badge>{adminText('admin.request.utmMedium', { value: request.utm_medium })}</Badge>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The phone as a tel: link when it carries its country; otherwise as stored (never with a "+"),
 * marked «بلا رمز دولة», with «أضف رمز الدولة» instead of a link that would dial a stranger.
 */
function PatientPhone({
  request,
  card,
  onAddCountry,
}: {
  request: ContactRequest;
  card: boolean;
  onAddCountry: (() => void) | undefined;
}) {
  const href = telUrl(request.phone, request.country_code);
  const shown = displayPhone(request.phone, request.country_code);
  if (href) {
    return (
      <a
        href={href}
        dir="ltr"
        className="inline-flex items-center gap-1 font-semibold text-teal-700 hover:underline"
      >
        {card && <Phone className="size-3.5" aria-hidden="true" />}
        {shown}
      </a>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="phone-no-country">
      <span dir="ltr" className="font-semibold">
        {shown}
      </span>
      <Badge>{adminText('admin.phone.noCountry')}</Badge>
      {onAddCountry && (
        <button
          type="button"
          onClick={onAddCountry}
          aria-label={adminText('admin.phone.addCountryLabel', { name: request.name })}
          className="text-xs font-semibold text-teal-700 underline"
        >
          {adminText('admin.phone.addCountry')}
        </button>
      )}
    </span>
  );
}

/** A request staff entered: its channel and author, and the lawful basis for keeping it. */
function EntryFields({ request }: { request: ContactRequest }) {
  return (
    <>
      {request.entry_channel && (
        <Field label={adminText('admin.request.entered')}>
          <span data-testid="entry-channel">
            {adminText('admin.request.enteredBy', {
              channel: entryChannelLabel(request.entry_channel),
              name: request.entered_by_name ?? adminText('admin.team.system'),
            })}
          </span>
        </Field>
      )}
      {/* A request a WhatsApp message opened (issue 46): the person wrote to the agency. */}
      {!request.entry_channel && request.source === 'whatsapp' && request.consent_given_at && (
        <Field label={adminText('admin.request.basis')}>
          <span data-testid="whatsapp-basis">
            {adminText('admin.request.basisWhatsApp', {
              number: request.consent_given_by ?? '',
              date: formatRequestDate(request.consent_given_at),
            })}
          </span>
        </Field>
      )}
      {request.entry_channel && request.consent_how && (
        <Field label={adminText('admin.request.basis')}>
          <UserText>
            {adminText('admin.request.basisText', {
              how: request.consent_how,
              by: request.consent_given_by ?? '',
              date: request.consent_given_at ? formatRequestDate(request.consent_given_at) : '',
            })}
          </UserText>
        </Field>
      )}
    </>
  );
}
