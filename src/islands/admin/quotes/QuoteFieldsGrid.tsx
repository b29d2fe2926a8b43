import { useId, type ReactNode } from 'react';
import { UNIT_KINDS, type QuoteFields } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { Constants } from '~/lib/database.types.ts';

const input =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-teal-700 focus:outline-none';

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-teal-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The quote builder's fields, in the order a coordinator types them. */
export function QuoteFieldsGrid({
  fields,
  set,
  invalid = null,
}: {
  fields: QuoteFields;
  set: (patch: Partial<QuoteFields>) => void;
  /** The field a refusal or a limit concerns (marked invalid, its message in the status line). */
  invalid?: string | null;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const text = (
    name: 'technique' | 'team' | 'hotel' | 'units' | 'nights' | 'price',
    numeric = false,
  ) => (
    <input
      id={id(name)}
      className={input}
      dir="auto"
      inputMode={numeric ? 'decimal' : undefined}
      aria-invalid={invalid === name || undefined}
      value={fields[name]}
      onChange={(event) => set({ [name]: event.target.value })}
    />
  );
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <Labelled id={id('technique')} label={adminText('admin.quotes.technique')}>
        {text('technique')}
      </Labelled>
      <div className="grid grid-cols-2 gap-2">
        <Labelled id={id('units')} label={adminText('admin.quotes.units')}>
          {text('units', true)}
        </Labelled>
        <Labelled id={id('unit_kind')} label={adminText('admin.quotes.unitKind')}>
          <select
            id={id('unit_kind')}
            className={input}
            value={fields.unit_kind}
            onChange={(event) => set({ unit_kind: event.target.value as QuoteFields['unit_kind'] })}
          >
            {UNIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {adminText(`admin.quotes.unit.${kind}`)}
              </option>
            ))}
          </select>
        </Labelled>
      </div>
      <Labelled id={id('team')} label={adminText('admin.quotes.team')}>
        {text('team')}
      </Labelled>
      <div className="grid grid-cols-2 gap-2">
        <Labelled id={id('price')} label={adminText('admin.quotes.price')}>
          {text('price', true)}
        </Labelled>
        <Labelled id={id('currency')} label={adminText('admin.quotes.currency')}>
          <select
            id={id('currency')}
            className={input}
            dir="ltr"
            value={fields.currency}
            onChange={(event) => set({ currency: event.target.value as QuoteFields['currency'] })}
          >
            {Constants.public.Enums.quote_currency.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Labelled>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Labelled id={id('nights')} label={adminText('admin.quotes.nights')}>
          {text('nights', true)}
        </Labelled>
        <Labelled id={id('hotel')} label={adminText('admin.quotes.hotel')}>
          {text('hotel')}
        </Labelled>
      </div>
      <Labelled id={id('valid_until')} label={adminText('admin.quotes.validUntil')}>
        <input
          id={id('valid_until')}
          type="date"
          dir="ltr"
          className={input}
          value={fields.valid_until}
          onChange={(event) => set({ valid_until: event.target.value })}
        />
      </Labelled>
      <QuoteExtras fields={fields} set={set} id={id} />
    </div>
  );
}

/** The builder's services, lists and note: the second half of the grid. */
function QuoteExtras({
  fields,
  set,
  id,
}: {
  fields: QuoteFields;
  set: (patch: Partial<QuoteFields>) => void;
  id: (name: string) => string;
}) {
  return (
    <>
      <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
        <legend className="sr-only">{adminText('admin.quotes.services')}</legend>
        {(['transfer', 'interpreter'] as const).map((name) => (
          <label key={name} className="flex min-h-10 items-center gap-2 font-semibold">
            <input
              type="checkbox"
              className="size-5"
              checked={fields[name]}
              onChange={(event) => set({ [name]: event.target.checked })}
            />
            {adminText(`admin.quotes.${name}`)}
          </label>
        ))}
      </fieldset>
      {(['included', 'not_included'] as const).map((name) => (
        <Labelled key={name} id={id(name)} label={adminText(`admin.quotes.${name}`)}>
          <textarea
            id={id(name)}
            rows={3}
            dir="auto"
            className={input}
            placeholder={adminText('admin.quotes.onePerLine')}
            value={fields[name]}
            onChange={(event) => set({ [name]: event.target.value })}
          />
        </Labelled>
      ))}
      <div className="sm:col-span-2">
        <Labelled id={id('note')} label={adminText('admin.quotes.note')}>
          <textarea
            id={id('note')}
            rows={2}
            dir="auto"
            lang={fields.note_language}
            className={input}
            value={fields.note}
            onChange={(event) => set({ note: event.target.value })}
          />
        </Labelled>
        <label className="mt-1 flex items-center gap-2 text-sm">
          {adminText('admin.quotes.noteLanguage')}
          <select
            className="rounded-lg border border-sand-300 bg-white px-2 py-1"
            value={fields.note_language}
            onChange={(event) => set({ note_language: event.target.value as 'ar' | 'en' })}
          >
            <option value="ar">{adminText('admin.quotes.lang.ar')}</option>
            <option value="en">{adminText('admin.quotes.lang.en')}</option>
          </select>
        </label>
      </div>
    </>
  );
}
