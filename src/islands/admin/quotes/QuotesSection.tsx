import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import {
  defaultFields,
  draftOf,
  fieldsOf,
  firstQuoteAt,
  latestSent,
  type QuoteFields,
  type RequestQuote,
} from '~/lib/admin/quotes.ts';
import { quoteDraftsOf } from '~/lib/admin/quote-drafts.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { requestServiceFor } from '~/lib/services.ts';
import { adminQueryKeys } from '../data.ts';
import { rememberedUsername } from '../session.ts';
import { QuoteCard } from './QuoteCard.tsx';
import { QuoteClock } from './QuoteClock.tsx';
import { QuoteEditor } from './QuoteEditor.tsx';
import { fetchRequestQuotes, quoteKeys, type DraftBase } from './quoteData.ts';
import { useClinics, type ClinicWithChecks } from './useClinics.ts';
import { useLiveQuotes } from './useLiveQuotes.ts';

interface Editing {
  clinic: Pick<ClinicWithChecks, 'id' | 'name_ar'> & Partial<ClinicWithChecks>;
  quote: RequestQuote | null;
  /** Taken when the editor opens, never from a later refetch: what it was opened on. */
  initial: QuoteFields;
  base: DraftBase | null;
  version: number;
  opened: number;
}

/** Clinics a new quote can come from: active, accredited today, not quoted yet; the request's treatment first. */
function available(clinics: ClinicWithChecks[], quotes: RequestQuote[], request: ContactRequest) {
  const quoted = new Set(quotes.map((quote) => quote.clinic.id));
  const treats = (clinic: ClinicWithChecks) =>
    clinic.treatments.some((t) => requestServiceFor(t) === request.service);
  return clinics
    .filter((clinic) => clinic.active && clinic.accredited && !quoted.has(clinic.id))
    .sort((a, b) => Number(treats(b)) - Number(treats(a)) || a.name_ar.localeCompare(b.name_ar));
}

/**
 * «عروض العيادات» in the request dialog (issue 31): the 48-hour clock, one quote per clinic with
 * its state and versions, a new quote from a partner clinic (prefilled from the clinic's record and
 * the request's other quote), and the builder. Follows staff:quotes live: a colleague's quote or
 * the patient's choice shows at once.
 */
export function QuotesSection({ request }: { request: ContactRequest }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [picking, setPicking] = useState(false);
  /** Counts openings, so each opens a fresh editor (never one remounted by a refetch). */
  const openings = useRef(0);
  // A quote typed in a tab that closed before the database had it: offered to continue.
  const [pending, setPending] = useState(
    () => quoteDraftsOf(localStorage, request.id, rememberedUsername())[0] ?? null,
  );
  const quotes = useQuery({
    queryKey: quoteKeys.quotes(request.id),
    queryFn: () => fetchRequestQuotes(request.id),
  });
  const clinics = useClinics(picking || Boolean(pending));
  useLiveQuotes(true, (change) => {
    if (change.request_id !== request.id) return;
    void queryClient.invalidateQueries({ queryKey: quoteKeys.quotes(request.id) });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events(request.id) });
  });
  const list = useMemo(() => quotes.data ?? [], [quotes.data]);
  const choices = clinics.data ? available(clinics.data, list, request) : undefined;

  const open = (clinic: Editing['clinic'], quote: RequestQuote | null) => {
    setPicking(false);
    setPending(null);
    const draft = quote && draftOf(quote);
    setEditing({
      clinic,
      quote,
      initial: initialFor(clinic, quote),
      base: draft ? { version: draft.version, revision: draft.revision } : null,
      version: versionFor(quote),
      opened: (openings.current += 1),
    });
  };
  const pendingClinic = pending && clinics.data?.find((clinic) => clinic.id === pending.clinicId);
  function initialFor(clinic: Editing['clinic'], quote: RequestQuote | null) {
    const draft = quote && draftOf(quote);
    const sent = quote && latestSent(quote);
    if (draft) return fieldsOf(draft);
    if (sent) return fieldsOf(sent);
    const other = list.map(latestSent).find(Boolean) ?? list.map(draftOf).find(Boolean) ?? null;
    return defaultFields(clinic as ClinicWithChecks, request, other);
  }
  function versionFor(quote: RequestQuote | null) {
    return quote ? (draftOf(quote)?.version ?? (quote.versions[0]?.version ?? 0) + 1) : 1;
  }

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className="mt-5 border-t border-sand-200 pt-4"
      data-testid="quotes-section"
    >
      <h3 id={`${uid}-title`} className="mb-2 text-base font-bold">
        {adminText('admin.quotes.title')}
      </h3>
      <QuoteClock createdAt={request.created_at} firstQuoteAt={firstQuoteAt(list)} />
      {quotes.isError && (
        <p className="mt-2 text-sm text-offer-700">{adminText('admin.quotes.loadError')}</p>
      )}
      <ul className="mt-3 space-y-2">
        {list.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            requestId={request.id}
            busy={Boolean(editing)}
            onEdit={() => open({ id: quote.clinic.id, name_ar: quote.clinic.name_ar }, quote)}
          />
        ))}
      </ul>
      {pending && pendingClinic && !editing && (
        <button
          type="button"
          className="mt-3 block text-sm font-semibold text-offer-700 underline"
          onClick={() =>
            open(pendingClinic, list.find((quote) => quote.clinic.id === pending.clinicId) ?? null)
          }
        >
          {adminText('admin.quotes.continue', { clinic: pendingClinic.name_ar })}
        </button>
      )}
      {editing ? (
        <QuoteEditor
          key={`${editing.clinic.id}-${editing.opened}`}
          requestId={request.id}
          clinicId={editing.clinic.id}
          clinicName={editing.clinic.name_ar}
          quoteId={editing.quote?.id ?? null}
          version={editing.version}
          base={editing.base}
          initial={editing.initial}
          onClose={() => setEditing(null)}
        />
      ) : picking ? (
        <ClinicPicker
          choices={choices}
          onPick={(clinic) => open(clinic, null)}
          onClose={() => setPicking(false)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-ghost mt-3 min-h-10 px-4 py-1.5 text-sm"
          onClick={() => setPicking(true)}
        >
          <Plus className="size-4" aria-hidden="true" />
          {adminText('admin.quotes.add')}
        </button>
      )}
    </section>
  );
}

/** The clinic of a new quote: those that can be quoted today, the request's treatment first. */
function ClinicPicker({
  choices,
  onPick,
  onClose,
}: {
  choices: ClinicWithChecks[] | undefined;
  onPick: (clinic: ClinicWithChecks) => void;
  onClose: () => void;
}) {
  const uid = useId();
  return (
    <div className="mt-3">
      <label htmlFor={`${uid}-clinic`} className="block text-sm font-semibold text-teal-900">
        {adminText('admin.quotes.pickClinic')}
      </label>
      <select
        id={`${uid}-clinic`}
        // Opened by a click on «عرض جديد»: the clinic is the next thing to choose.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus
        className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2"
        value=""
        onChange={(event) => {
          const clinic = choices?.find((c) => c.id === event.target.value);
          if (clinic) onPick(clinic);
        }}
      >
        <option value="">
          {choices ? adminText('admin.quotes.pickPrompt') : adminText('admin.loading')}
        </option>
        {choices?.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name_ar} · {clinic.city_ar}
          </option>
        ))}
      </select>
      {choices?.length === 0 && (
        <p className="mt-1 text-sm text-muted">{adminText('admin.quotes.noClinics')}</p>
      )}
      <button type="button" className="mt-1 text-sm underline" onClick={onClose}>
        {adminText('admin.quotes.closeEditor')}
      </button>
    </div>
  );
}
