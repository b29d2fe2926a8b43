import { AlertTriangle, Plus, Trash2, Wand2 } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { formatRequestDate } from '~/lib/admin/dates.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import {
  suggestedDays,
  TRIP_DAY_KINDS,
  type TripDay,
  type TripDateField,
  type TripFields,
  type TripLimits,
  type TripProblem,
  type TripTextField,
} from '~/lib/admin/trip.ts';
import { useTripEditor, type TripConflict } from './useTripEditor.ts';

interface TripEditorProps {
  requestId: string;
  service: string | null;
  opened: { version: number | null; fields: TripFields };
  limits: TripLimits;
  onClose: () => void;
}

const input =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-sm aria-invalid:border-offer-600';

/** Enter moves to the next field and Ctrl/⌘+S saves the plan, neither reaching the dialog's form. */
function keyFlow(event: KeyboardEvent<HTMLDivElement>, save: () => void) {
  const target = event.target as HTMLElement;
  if ((event.ctrlKey || event.metaKey) && event.code === 'KeyS') {
    event.preventDefault();
    event.stopPropagation();
    save();
  } else if (event.key === 'Enter' && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) {
    event.preventDefault();
    const fields = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('input, select, textarea'),
    ];
    fields[fields.indexOf(target) + 1]?.focus();
  }
}

function problemText(problem: TripProblem): string {
  const key = `admin.trip.problem.${problem.problem}` as AdminKey;
  return adminText(key, { day: problem.day ?? '' });
}

/**
 * The trip plan's form in the request dialog (issue 44): the dates staff propose, the clinic and
 * the hotel with their addresses in Arabic/English and in the local language for the driver, the
 * transfer, the interpreter, the 24/7 number, and the day-by-day plan (suggested from the dates,
 * then changed freely). Saved under the write protocol (useTripEditor.ts).
 */
// One form of many fields; its parts share the editor's state.
// eslint-disable-next-line max-lines-per-function
export function TripEditor({ requestId, service, opened, limits, onClose }: TripEditorProps) {
  const uid = useId();
  const editor = useTripEditor({ requestId, opened, limits, onSaved: onClose });
  const { fields, set, problems } = editor;
  const problemOf = (field: TripProblem['field']) => problems.find((p) => p.field === field);

  const text = (field: TripTextField, options: { local?: boolean; wide?: boolean } = {}) => {
    const problem = problemOf(field);
    return (
      <div className={options.wide ? 'sm:col-span-2' : ''}>
        <label htmlFor={`${uid}-${field}`} className="block text-sm font-semibold text-teal-900">
          {adminText(`admin.trip.field.${field}` as AdminKey)}
        </label>
        <input
          id={`${uid}-${field}`}
          name={field}
          // The local-language address is the driver's (Turkish, Latin script): written left to right.
          dir={options.local ? 'auto' : undefined}
          inputMode={field === 'emergency_phone' ? 'tel' : undefined}
          className={input}
          value={fields[field]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${uid}-${field}-problem` : undefined}
          onChange={(event) => set({ [field]: event.target.value })}
        />
        {problem && (
          <p id={`${uid}-${field}-problem`} className="mt-1 text-sm text-offer-700">
            {problemText(problem)}
          </p>
        )}
      </div>
    );
  };

  const date = (field: TripDateField) => {
    const problem = problemOf(field);
    return (
      <div>
        <label htmlFor={`${uid}-${field}`} className="block text-sm font-semibold text-teal-900">
          {adminText(`admin.trip.field.${field}` as AdminKey)}
        </label>
        <input
          id={`${uid}-${field}`}
          name={field}
          type="date"
          className={input}
          value={fields[field]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${uid}-${field}-problem` : undefined}
          onChange={(event) => set({ [field]: event.target.value })}
        />
        {problem && (
          <p id={`${uid}-${field}-problem`} className="mt-1 text-sm text-offer-700">
            {problemText(problem)}
          </p>
        )}
      </div>
    );
  };

  const setDay = (index: number, patch: Partial<TripDay>) =>
    set({ days: fields.days.map((day, at) => (at === index ? { ...day, ...patch } : day)) });
  const dayProblems = problems.filter((p) => p.field === 'days');

  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      className="mt-3 rounded-xl border border-sand-300 p-3"
      data-testid="trip-editor"
      onKeyDown={(event) => keyFlow(event, () => void editor.save())}
    >
      {editor.restored && (
        <p className="mb-2 text-sm font-semibold text-offer-700">
          {adminText('admin.trip.restored')}
        </p>
      )}
      {editor.conflict && (
        <TripConflictNotice conflict={editor.conflict} onResolve={editor.resolve} />
      )}
      <fieldset>
        <legend className="text-sm font-bold">{adminText('admin.trip.dates')}</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-3">
          {date('arrival_on')}
          {date('procedure_on')}
          {date('departure_on')}
        </div>
        <p className="mt-1 text-xs text-muted">{adminText('admin.trip.datesHelp')}</p>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-bold">{adminText('admin.trip.places')}</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-2">
          {text('clinic_name', { wide: true })}
          {text('clinic_address')}
          {text('clinic_address_local', { local: true })}
          {text('hotel_name', { wide: true })}
          {text('hotel_address')}
          {text('hotel_address_local', { local: true })}
        </div>
        <p className="mt-1 text-xs text-muted">{adminText('admin.trip.mapHelp')}</p>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-bold">{adminText('admin.trip.care')}</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-2">
          {text('transfer')}
          {text('interpreter')}
          {text('emergency_phone')}
        </div>
      </fieldset>
      <fieldset className="mt-4" data-testid="trip-days">
        <legend className="text-sm font-bold">{adminText('admin.trip.field.days')}</legend>
        <ol className="mt-1 space-y-2">
          {fields.days.map((day, index) => (
            <li
              // The list is reordered by date on save; the position is the row's identity here.
              key={index}
              className="grid grid-cols-2 gap-2 rounded-lg bg-sand-50 p-2 sm:grid-cols-[9rem_6rem_10rem_1fr_auto]"
              data-testid="trip-day"
            >
              <input
                type="date"
                aria-label={adminText('admin.trip.day.on', { day: index + 1 })}
                className={input}
                value={day.on}
                onChange={(event) => setDay(index, { on: event.target.value })}
              />
              <input
                type="time"
                aria-label={adminText('admin.trip.day.time', { day: index + 1 })}
                className={input}
                value={day.time ?? ''}
                onChange={(event) => setDay(index, { time: event.target.value || null })}
              />
              <select
                aria-label={adminText('admin.trip.day.kind', { day: index + 1 })}
                className={input}
                value={day.kind}
                onChange={(event) => setDay(index, { kind: event.target.value as TripDay['kind'] })}
              >
                {TRIP_DAY_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {adminText(`admin.trip.kind.${kind}` as AdminKey)}
                  </option>
                ))}
              </select>
              <input
                aria-label={adminText('admin.trip.day.note', { day: index + 1 })}
                className={input}
                maxLength={limits.note_max}
                value={day.note}
                onChange={(event) => setDay(index, { note: event.target.value })}
              />
              <button
                type="button"
                className="self-center rounded-full p-2 text-muted hover:bg-sand-100 hover:text-ink"
                aria-label={adminText('admin.trip.day.remove', { day: index + 1 })}
                onClick={() => set({ days: fields.days.filter((_, at) => at !== index) })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
        {dayProblems.map((problem) => (
          <p key={`${problem.problem}-${problem.day ?? 0}`} className="mt-1 text-sm text-offer-700">
            {problemText(problem)}
          </p>
        ))}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-3 py-1.5 text-sm"
            disabled={fields.days.length >= limits.days_max}
            onClick={() =>
              set({
                days: [
                  ...fields.days,
                  {
                    on: fields.days.at(-1)?.on ?? fields.arrival_on,
                    time: null,
                    kind: 'rest',
                    note: '',
                  },
                ],
              })
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            {adminText('admin.trip.day.add')}
          </button>
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-3 py-1.5 text-sm"
            disabled={!fields.arrival_on && !fields.procedure_on && !fields.departure_on}
            onClick={() => set({ days: suggestedDays(fields, service) })}
          >
            <Wand2 className="size-4" aria-hidden="true" />
            {adminText('admin.trip.day.suggest')}
          </button>
        </div>
      </fieldset>
      {editor.failure && (
        <p role="alert" className="mt-3 text-sm font-semibold text-offer-700">
          {editor.failure}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          disabled={editor.saving || Boolean(editor.conflict)}
          onClick={() => void editor.save()}
          data-testid="trip-save"
        >
          {editor.saving ? adminText('admin.trip.saving') : adminText('admin.trip.save')}
        </button>
        <button type="button" className="text-sm underline" onClick={editor.discard}>
          {adminText('admin.trip.close')}
        </button>
      </div>
    </div>
  );
}

/** A save refused because a colleague saved the plan since (../dialog/DialogNotices.tsx pattern). */
function TripConflictNotice({
  conflict,
  onResolve,
}: {
  conflict: TripConflict;
  onResolve: (choice: 'mine' | 'theirs') => void;
}) {
  const name = conflict.by ?? adminText('admin.team.system');
  const time = conflict.at ? formatRequestDate(conflict.at) : '';
  return (
    <div
      role="alert"
      data-testid="trip-conflict"
      className="mb-3 rounded-xl border border-offer-600 bg-sand-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-bold text-offer-700">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {adminText('admin.trip.conflict', { name, time })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-10 px-4 py-1.5 text-sm"
          onClick={() => onResolve('mine')}
        >
          {adminText('admin.trip.conflictMine')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-10 px-4 py-1.5 text-sm"
          onClick={() => onResolve('theirs')}
        >
          {adminText('admin.trip.conflictTheirs')}
        </button>
      </div>
    </div>
  );
}
