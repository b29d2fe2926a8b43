/**
 * The trip on the patient's page (src/components/patient/PatientTrip.astro; issue 44): read with
 * public.patient_trip each time the page loads or comes back, the dates confirmed with
 * public.patient_confirm_trip (the version shown: a plan changed meanwhile is shown anew), the
 * flights and companions replaced with public.patient_save_trip_travel, the day-by-day plan as an
 * .ics file (./trip-ics.ts). The last plan seen is kept on the phone (under a digest of the token)
 * and shown offline with the time it was seen. Loaded by ./page.ts after the status.
 */
import { keepCopy, keptCopy } from './cache.ts';
import { partStrings } from './part-strings.ts';
import { callRpc } from '~/lib/patient/api.ts';
import { withOwnTexts, type PageContext } from './context.ts';
import { tripCalendar } from './trip-ics.ts';
import { render, type Companion, type Flight, type State, type Trip } from './trip-render.ts';

const keep = (token: string, trip: Trip | null) =>
  keepCopy('trip', token, 'trip', trip?.plan ? trip : null);

const kept = (token: string) => keptCopy<{ trip: Trip; savedAt: string }>('trip', token);

async function refresh(page: PageContext, section: HTMLElement, state: State): Promise<boolean> {
  const outcome = await callRpc('patient_trip', { _token: state.token });
  const banner = section.querySelector<HTMLElement>('[data-trip-offline]')!;
  if (outcome.ok) {
    state.trip = (outcome.data as unknown as Trip | null) ?? null;
    state.offline = false;
    banner.hidden = true;
    await keep(state.token, state.trip);
  } else if (outcome.reason === 'network') {
    const saved = await kept(state.token);
    if (!saved) return false;
    state.trip = saved.trip;
    state.offline = true;
    banner.textContent = page.t('trip.offline', { time: page.formatTime(saved.savedAt) });
    banner.hidden = false;
  } else {
    return false;
  }
  render(page, section, state, (flights, companions) => {
    void saveTravel(page, section, state, flights, companions);
  });
  return true;
}

async function saveTravel(
  page: PageContext,
  section: HTMLElement,
  state: State,
  flights: Flight[],
  companions: Companion[],
): Promise<boolean> {
  const status = section.querySelector<HTMLElement>('[data-trip-travel-status]')!;
  const outcome = await callRpc('patient_save_trip_travel', {
    _token: state.token,
    _flights: flights as never,
    _companions: companions as never,
  });
  if (outcome.ok) {
    status.textContent = page.t('trip.saved');
    await refresh(page, section, state);
    return true;
  }
  const hint = 'hint' in outcome ? outcome.hint : '';
  status.textContent = page.t(
    hint === 'trip_flights'
      ? 'trip.badFlight'
      : hint === 'trip_companions'
        ? 'trip.badCompanion'
        : 'trip.failed',
  );
  return false;
}

async function confirmDates(page: PageContext, section: HTMLElement, state: State) {
  const status = section.querySelector<HTMLElement>('[data-trip-status]')!;
  const confirm = section.querySelector<HTMLButtonElement>('[data-trip-confirm]')!;
  const plan = state.trip?.plan;
  if (!plan) return;
  confirm.disabled = true;
  confirm.textContent = page.t('trip.confirming');
  const outcome = await callRpc('patient_confirm_trip', {
    _token: state.token,
    _version: plan.version,
  });
  confirm.textContent = page.t('trip.confirm');
  confirm.disabled = false;
  const hint = !outcome.ok && 'hint' in outcome ? outcome.hint : '';
  status.textContent = page.t(
    outcome.ok ? 'trip.confirmedNow' : hint === 'trip_changed' ? 'trip.changed' : 'trip.failed',
  );
  await refresh(page, section, state);
}

const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

function bind(page: PageContext, section: HTMLElement, state: State) {
  section
    .querySelector('[data-trip-confirm]')!
    .addEventListener('click', () => void confirmDates(page, section, state));
  section.querySelector('[data-trip-ics]')!.addEventListener('click', () => {
    const plan = state.trip?.plan;
    if (!plan) return;
    const file = tripCalendar({
      reference: state.trip?.reference ?? 'trip',
      days: plan.days,
      title: (kind) => page.t(`trip.kind.${kind}`),
      location: (entry) =>
        (entry.kind === 'arrival' || entry.kind === 'departure' || entry.kind === 'rest'
          ? (plan.hotel_address_local ?? plan.hotel_address)
          : (plan.clinic_address_local ?? plan.clinic_address)) ?? undefined,
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([file], { type: 'text/calendar;charset=utf-8' }));
    link.download = `rihla-trip-${state.trip?.reference ?? 'plan'}.ics`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  });
  const flightForm = section.querySelector<HTMLFormElement>('[data-trip-flight]')!;
  flightForm.addEventListener('submit', (event) => void addFlight(event));
  async function addFlight(event: SubmitEvent) {
    event.preventDefault();
    const plan = state.trip?.plan;
    if (!plan) return;
    const data = new FormData(flightForm);
    const flight: Flight = {
      direction: data.get('direction') === 'departure' ? 'departure' : 'arrival',
      number: field(data, 'number').toUpperCase(),
      at: field(data, 'at').slice(0, 16),
    };
    if (await saveTravel(page, section, state, [...plan.flights, flight], plan.companions))
      flightForm.reset();
  }
  const companionForm = section.querySelector<HTMLFormElement>('[data-trip-companion]')!;
  companionForm.addEventListener('submit', (event) => void addCompanion(event));
  async function addCompanion(event: SubmitEvent) {
    event.preventDefault();
    const plan = state.trip?.plan;
    if (!plan) return;
    const data = new FormData(companionForm);
    const companion = {
      name: field(data, 'name'),
      relation: field(data, 'relation'),
    };
    if (await saveTravel(page, section, state, plan.flights, [...plan.companions, companion]))
      companionForm.reset();
  }
}

let state: State | null = null;

/** Shows the trip (fresh, or the kept copy when offline); binds the section once. */
/**
 * What to bring and how to prepare for the request's treatment (content/services' `trip`, one
 * line per item in the section's strings), or the general lists, under the clinic-first line.
 */
function showPreparation(page: PageContext, section: HTMLElement, service: string | null) {
  const box = section.querySelector<HTMLElement>('[data-trip-prep]');
  if (!box || (box.dataset['service'] ?? null) === (service ?? '')) return;
  box.dataset['service'] = service ?? '';
  // The view names the treatment in camel case (hairTransplant); content by its file (hair-transplant).
  const file = service?.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) ?? 'default';
  const lines = (part: 'prepare' | 'bring') => {
    const key = `trip.prep.${file}.${part}`;
    const own = page.t(key);
    return (own === key ? page.t(`trip.prep.default.${part}`) : own).split('\n');
  };
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
    const node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  };
  const title = element('h3', 'font-bold', page.t('trip.prep.title'));
  const note = element('p', 'mt-1 text-muted', page.t('trip.prep.clinicFirst'));
  const parts = (['prepare', 'bring'] as const).map((part) => {
    const block = element('div', 'mt-3');
    const list = element('ul', 'mt-1 list-disc space-y-1 ps-5');
    list.dataset['tripPrepList'] = part;
    list.append(...lines(part).map((line) => element('li', '', line)));
    block.append(element('h4', 'font-semibold', page.t(`trip.prep.${part}`)), list);
    return block;
  });
  box.replaceChildren(title, note, ...parts);
}

export async function showTrip(
  page: PageContext,
  token: string,
  service: string | null = null,
): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-trip]');
  if (!section) return;
  // The section's own strings (PatientTrip.astro's, in a cached file) before the page's.
  const strings = await partStrings(section);
  if (!strings) return;
  const local = withOwnTexts(page, strings);
  showPreparation(local, section, service);

  if (!state) {
    state = { token, trip: null, offline: false };
    bind(local, section, state);
  }
  await refresh(local, section, state);
}
