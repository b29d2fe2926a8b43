/**
 * The trip section's drawing (./trip.ts loads, saves and binds it): the dates and the confirm
 * button, the places with the driver's address and a map link, the 24/7 number, what the quote
 * includes and excludes, the day-by-day plan and the patient's flights and companions. Every
 * value goes in as text (never HTML); dates, times, numbers and flights read left to right.
 */
import { mapLink } from '~/lib/trip-map.ts';
import type { PageContext } from './context.ts';
import type { TripDay } from './trip-ics.ts';

export interface Flight {
  direction: 'arrival' | 'departure';
  number: string;
  at: string;
}
export interface Companion {
  name: string;
  relation: string;
}
export interface Plan {
  arrival_on: string | null;
  procedure_on: string | null;
  departure_on: string | null;
  dates_confirmed_at: string | null;
  clinic_name: string | null;
  clinic_address: string | null;
  clinic_address_local: string | null;
  hotel_name: string | null;
  hotel_address: string | null;
  hotel_address_local: string | null;
  transfer: string | null;
  interpreter: string | null;
  emergency_phone: string | null;
  days: TripDay[];
  flights: Flight[];
  companions: Companion[];
  version: number;
}
export interface Trip {
  plan: Plan | null;
  chosen?: { included: string[]; not_included: string[] } | null;
  reference?: string;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A date, a phone number or a flight: read left to right in both languages. */
const ltr = (text: string) => {
  const node = element('bdi', text);
  node.dir = 'ltr';
  return node;
};

export interface State {
  token: string;
  trip: Trip | null;
  offline: boolean;
}

export type SaveTravel = (flights: Flight[], companions: Companion[]) => void;

export function render(
  page: PageContext,
  section: HTMLElement,
  state: State,
  onTravel: SaveTravel,
) {
  const t = (key: string, params?: Record<string, string>) => page.t(key, params);
  const plan = state.trip?.plan;
  section.hidden = !plan;
  if (!plan) return;
  const q = <T extends HTMLElement>(selector: string) => section.querySelector<T>(selector)!;
  const day = (iso: string) => page.formatDay(`${iso}T12:00:00Z`);

  const dates = q('[data-trip-dates]');
  dates.replaceChildren();
  if (plan.arrival_on && plan.departure_on) {
    const line = element('p', undefined, 'text-lg font-bold');
    line.dataset['tripRange'] = '';
    const [before = '', middle = '', after = ''] = t('trip.dates', {
      from: '\u0000',
      to: '\u0001',
    }).split(/[\u0000\u0001]/);
    line.append(before, ltr(day(plan.arrival_on)), middle, ltr(day(plan.departure_on)), after);
    dates.append(line);
    if (plan.procedure_on)
      dates.append(element('p', t('trip.procedure', { date: day(plan.procedure_on) })));
    if (plan.dates_confirmed_at)
      dates.append(element('p', t('trip.confirmed'), 'mt-1 font-semibold text-teal-900'));
  } else {
    dates.append(element('p', t('trip.noDates')));
  }
  const confirm = q<HTMLButtonElement>('[data-trip-confirm]');
  confirm.hidden = !plan.arrival_on || !plan.departure_on || Boolean(plan.dates_confirmed_at);
  confirm.disabled = state.offline;

  renderPlaces(page, q('[data-trip-places]'), plan);
  renderLists(page, q('[data-trip-lists]'), state.trip?.chosen);
  renderDays(page, q('[data-trip-days]'), plan);
  q<HTMLButtonElement>('[data-trip-ics]').hidden = plan.days.length === 0;
  renderTravel(page, section, state, plan, onTravel);
}

function renderPlaces(page: PageContext, places: HTMLElement, plan: Plan) {
  const t = (key: string, params?: Record<string, string>) => page.t(key, params);
  places.replaceChildren();
  const place = (
    label: string,
    name: string | null,
    address: string | null,
    local: string | null,
  ) => {
    if (!name && !address && !local) return;
    const wrap = element('div');
    wrap.append(element('dt', label, 'font-semibold'));
    if (name) wrap.append(element('dd', name));
    if (address) wrap.append(element('dd', address, 'text-muted'));
    if (local) {
      const driver = element('dd');
      driver.append(element('span', `${t('trip.forDriver')}: `, 'text-muted'));
      const text = element('span', local);
      text.dir = 'auto';
      text.lang = 'tr';
      driver.append(text);
      wrap.append(driver);
    }
    const href = mapLink(local ?? address);
    if (href) {
      const link = element('a', t('trip.map'), 'font-semibold text-teal-800 underline');
      link.href = href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      const dd = element('dd');
      dd.append(link);
      wrap.append(dd);
    }
    places.append(wrap);
  };
  place(t('trip.clinic'), plan.clinic_name, plan.clinic_address, plan.clinic_address_local);
  place(t('trip.hotel'), plan.hotel_name, plan.hotel_address, plan.hotel_address_local);
  for (const [key, value] of [
    ['trip.transfer', plan.transfer],
    ['trip.interpreter', plan.interpreter],
  ] as const) {
    if (!value) continue;
    const wrap = element('div');
    wrap.append(element('dt', t(key), 'font-semibold'), element('dd', value));
    places.append(wrap);
  }
  if (plan.emergency_phone) {
    const wrap = element('div');
    const link = element('a', undefined, 'font-bold text-teal-800 underline');
    link.href = `tel:${plan.emergency_phone}`;
    link.append(ltr(plan.emergency_phone));
    const dd = element('dd');
    dd.append(link);
    wrap.append(element('dt', t('trip.emergency'), 'font-semibold'), dd);
    wrap.dataset['tripEmergency'] = '';
    places.append(wrap);
  }
}

function renderLists(page: PageContext, lists: HTMLElement, chosen: Trip['chosen']) {
  const t = (key: string) => page.t(key);
  lists.replaceChildren();
  for (const [key, items] of [
    ['trip.included', chosen?.included ?? []],
    ['trip.notIncluded', chosen?.not_included ?? []],
  ] as const) {
    if (!items.length) continue;
    const wrap = element('div');
    const list = element('ul', undefined, 'list-disc ps-5');
    for (const item of items) list.append(element('li', item));
    wrap.append(element('p', t(key), 'font-semibold'), list);
    lists.append(wrap);
  }
}

function renderDays(page: PageContext, days: HTMLElement, plan: Plan) {
  const t = (key: string) => page.t(key);
  const day = (iso: string) => page.formatDay(`${iso}T12:00:00Z`);
  days.replaceChildren();
  for (const entry of plan.days) {
    const item = element('li', undefined, 'rounded-xl bg-sand-50 px-3 py-2');
    const when = element('p', undefined, 'font-semibold');
    when.append(ltr(day(entry.on)), ' · ', entry.time ? ltr(entry.time) : t('trip.allDay'));
    item.append(when, element('p', t(`trip.kind.${entry.kind}`)));
    if (entry.note) item.append(element('p', entry.note, 'text-muted'));
    days.append(item);
  }
}

function renderTravel(
  page: PageContext,
  section: HTMLElement,
  state: State,
  plan: Plan,
  onTravel: SaveTravel,
) {
  const t = (key: string) => page.t(key);
  const travel = section.querySelector<HTMLElement>('[data-trip-travel]')!;
  travel.replaceChildren();
  const remove = (what: 'flights' | 'companions', index: number) => {
    const button = element('button', t('trip.remove'), 'ms-2 text-sm underline');
    button.type = 'button';
    button.disabled = state.offline;
    button.addEventListener('click', () => {
      const flights =
        what === 'flights' ? plan.flights.filter((_, at) => at !== index) : plan.flights;
      const companions =
        what === 'companions' ? plan.companions.filter((_, at) => at !== index) : plan.companions;
      onTravel(flights, companions);
    });
    return button;
  };
  plan.flights.forEach((flight, index) => {
    const item = element('li');
    item.dataset['tripFlight'] = '';
    item.append(
      `${t(`trip.flight.${flight.direction}`)}: `,
      ltr(`${flight.number} · ${flight.at.replace('T', ' ')}`),
      remove('flights', index),
    );
    travel.append(item);
  });
  plan.companions.forEach((companion, index) => {
    const item = element('li');
    item.append(
      `${companion.name} (${t(`trip.relation.${companion.relation}`)})`,
      remove('companions', index),
    );
    travel.append(item);
  });
  if (!plan.flights.length && !plan.companions.length)
    travel.append(element('li', t('trip.none'), 'text-muted'));
  for (const form of section.querySelectorAll<HTMLFormElement>('form')) {
    for (const control of form.elements) (control as HTMLButtonElement).disabled = state.offline;
  }
}
