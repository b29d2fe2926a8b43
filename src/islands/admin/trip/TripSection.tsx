import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, MapPin, Pencil, Plane } from 'lucide-react';
import { useId, useState } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import {
  DEFAULT_TRIP_LIMITS,
  emptyTripFields,
  fieldsFromQuote,
  fieldsOfPlan,
  type ChosenQuote,
  type TripFields,
  type TripPlan,
} from '~/lib/admin/trip.ts';
import { mapLink } from '~/lib/trip-map.ts';
import { UserText } from '../parts.tsx';
import { TripEditor } from './TripEditor.tsx';
import { fetchRequestTrip, tripKey } from './tripData.ts';
import { hasKeptTrip } from './useTripEditor.ts';

/**
 * «خطة الرحلة» in the request dialog (issue 44): once the patient chose a quote, staff build the
 * plan from it (its clinic, hotel, transfer and interpreter prefilled; what it includes and
 * excludes beside), then keep it current; what the patient did (dates confirmed, flights,
 * companions) shows here. Saves follow the write protocol (./useTripEditor.ts).
 */
export function TripSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const [editing, setEditing] = useState<{
    version: number | null;
    fields: TripFields;
    opened: number;
  } | null>(null);
  const trip = useQuery({
    queryKey: tripKey(request.id),
    queryFn: () => fetchRequestTrip(request.id),
  });
  const plan = trip.data?.plan ?? null;
  const chosen = trip.data?.chosen ?? null;
  const kept = hasKeptTrip(request.id);
  const open = () => {
    setEditing({
      opened: Date.now(),
      version: plan?.version ?? null,
      fields: plan
        ? fieldsOfPlan(plan)
        : chosen
          ? fieldsFromQuote(chosen, {
              transfer: adminText('admin.trip.quoteTransfer'),
              interpreter: adminText('admin.trip.quoteInterpreter'),
            })
          : emptyTripFields(),
    });
  };

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="trip-section"
    >
      <h3 id={`${uid}-title`} className="mb-2 text-base font-bold">
        {adminText('admin.trip.title')}
      </h3>
      {trip.isError && (
        <p className="text-sm text-offer-700">{adminText('admin.trip.loadError')}</p>
      )}
      {trip.data && !plan && !chosen && (
        <p className="text-sm text-muted">{adminText('admin.trip.needsChoice')}</p>
      )}
      {plan && !editing && <TripSummary plan={plan} />}
      {chosen && <ChosenQuoteLists chosen={chosen} />}
      {editing ? (
        <TripEditor
          key={editing.opened}
          requestId={request.id}
          service={request.service}
          opened={editing}
          limits={trip.data?.limits ?? DEFAULT_TRIP_LIMITS}
          onClose={() => setEditing(null)}
        />
      ) : (
        trip.data &&
        (plan || chosen) && (
          <button
            type="button"
            className="btn btn-ghost mt-3 min-h-10 px-4 py-1.5 text-sm"
            onClick={open}
            data-testid="trip-edit"
          >
            <Pencil className="size-4" aria-hidden="true" />
            {adminText(
              kept ? 'admin.trip.continue' : plan ? 'admin.trip.edit' : 'admin.trip.start',
            )}
          </button>
        )
      )}
    </section>
  );
}

function Row({
  label,
  value,
  href,
}: {
  label: string;
  value: string | null;
  href?: string | null;
}) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">
        <UserText>{value}</UserText>
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="ms-2 inline-flex items-center gap-1 text-teal-800 underline"
          >
            <MapPin className="size-3.5" aria-hidden="true" />
            {adminText('admin.trip.map')}
          </a>
        )}
      </dd>
    </div>
  );
}

/** The saved plan, as the patient sees it, with what the patient added. */
function TripSummary({ plan }: { plan: TripPlan }) {
  const field = (key: string) => adminText(`admin.trip.field.${key}` as AdminKey);
  return (
    <div data-testid="trip-summary" className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          <bdi dir="ltr">{plan.arrival_on ?? '—'}</bdi> –{' '}
          <bdi dir="ltr">{plan.departure_on ?? '—'}</bdi>
        </span>
        {plan.dates_confirmed_at ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-teal-900">
            <CalendarCheck className="size-3.5" aria-hidden="true" />
            {adminText('admin.trip.confirmed', {
              time: formatRequestDate(plan.dates_confirmed_at),
            })}
          </span>
        ) : (
          <span className="rounded-full bg-sand-100 px-2 py-0.5 text-offer-700">
            {adminText('admin.trip.notConfirmed')}
          </span>
        )}
      </p>
      <dl className="space-y-1">
        <Row label={field('procedure_on')} value={plan.procedure_on} />
        <Row label={field('clinic_name')} value={plan.clinic_name} />
        <Row
          label={field('clinic_address_local')}
          value={plan.clinic_address_local ?? plan.clinic_address}
          href={mapLink(plan.clinic_address_local ?? plan.clinic_address)}
        />
        <Row label={field('hotel_name')} value={plan.hotel_name} />
        <Row
          label={field('hotel_address_local')}
          value={plan.hotel_address_local ?? plan.hotel_address}
          href={mapLink(plan.hotel_address_local ?? plan.hotel_address)}
        />
        <Row label={field('transfer')} value={plan.transfer} />
        <Row label={field('interpreter')} value={plan.interpreter} />
        <Row label={field('emergency_phone')} value={plan.emergency_phone} />
      </dl>
      {plan.days.length > 0 && (
        <ol className="space-y-0.5" data-testid="trip-summary-days">
          {plan.days.map((day, index) => (
            <li key={index}>
              <bdi dir="ltr">
                {day.on}
                {day.time ? ` ${day.time}` : ''}
              </bdi>{' '}
              · {adminText(`admin.trip.kind.${day.kind}` as AdminKey)}
              {day.note && (
                <>
                  {' '}
                  · <UserText>{day.note}</UserText>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {(plan.flights.length > 0 || plan.companions.length > 0) && (
        <div data-testid="trip-patient-travel">
          <p className="font-semibold">{adminText('admin.trip.fromPatient')}</p>
          <ul>
            {plan.flights.map((flight) => (
              <li key={`${flight.direction}-${flight.number}-${flight.at}`}>
                <Plane className="inline size-3.5" aria-hidden="true" />{' '}
                {adminText(`admin.trip.flight.${flight.direction}`)}{' '}
                <bdi dir="ltr">
                  {flight.number} · {flight.at.replace('T', ' ')}
                </bdi>
              </li>
            ))}
            {plan.companions.map((companion) => (
              <li key={`${companion.name}-${companion.relation}`}>
                {adminText('admin.trip.companion')}: <UserText>{companion.name}</UserText> (
                {adminText(`admin.trip.relation.${companion.relation}` as AdminKey)})
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-muted">
        {adminText('admin.trip.savedBy', {
          name: plan.updated_by_name ?? adminText('admin.team.system'),
          time: formatRequestDate(plan.updated_at),
        })}
      </p>
    </div>
  );
}

/** What the chosen quote includes and excludes: the plan tells the patient, from the quote. */
function ChosenQuoteLists({ chosen }: { chosen: ChosenQuote }) {
  return (
    <div className="mt-2 grid gap-2 text-sm sm:grid-cols-2" data-testid="trip-quote-lists">
      <div>
        <p className="font-semibold">
          {adminText('admin.trip.included', { clinic: chosen.clinic.name_ar })}
        </p>
        <ul className="list-disc ps-5">
          {chosen.included.map((item) => (
            <li key={item}>
              <UserText>{item}</UserText>
            </li>
          ))}
        </ul>
      </div>
      {chosen.not_included.length > 0 && (
        <div>
          <p className="font-semibold">{adminText('admin.trip.notIncluded')}</p>
          <ul className="list-disc ps-5">
            {chosen.not_included.map((item) => (
              <li key={item}>
                <UserText>{item}</UserText>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
