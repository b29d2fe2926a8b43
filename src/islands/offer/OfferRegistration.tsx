import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { readAttribution } from '~/lib/attribution.ts';
import {
  offerRow,
  offerSource,
  validateOffer,
  type FieldErrors,
  type OfferValues,
} from '~/lib/lead-form.ts';
import { stripNonDigits } from '~/lib/phone.ts';
import { OfferFields } from './OfferFields.tsx';
import { AdvertisingOptIn } from './AdvertisingOptIn.tsx';
import { FailurePanel } from '~/islands/contact/panels.tsx';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import { preloadClient, type LeadInsert } from '~/lib/submit-lead.ts';
import { ConsentNote } from '~/islands/ui/ConsentNote.tsx';
import { ToastStack, useToasts } from '~/islands/ui/Toasts.tsx';
import { useLeadSubmission } from '~/islands/contact/useLeadSubmission.ts';
import { PENDING_ATTRIBUTE } from '~/integrations/client-directives/click.ts';

export interface OfferRegistrationProps {
  strings: Partial<Record<UiKey, string>>;
  thankYouHref: string;
  /** Shown by the page; the agency's mail is built from the stored lead (send-form-notification). */
  offerPriceUsd: number;
  /** Elements that open this dialog (default: the offer's register buttons). */
  trigger?: string;
  /** The treatment asked for, when the dialog takes "tell me about the next offer" requests. */
  service?: LeadInsert['service'];
  /** Recorded as the lead's source; the offer page's by default. */
  source?: string;
  /** Page path recorded with the lead (language-neutral). */
  pagePath?: string;
  /**
   * The version of the advertising opt-in's wording ('consent.advertising'): set, the dialog shows
   * the separate, unticked box and a ticked box sends this version with the lead.
   */
  advertisingConsentVersion?: string;
  /** After a failed send, the typed details go to this WhatsApp number with `whatsappMessage`. */
  whatsappNumber: string;
  whatsappMessage: string;
}

const empty: OfferValues = { name: '', phone: '', countryCode: '', website: '' };

/** Set on the dialog's form by the page's early script when "سجل الآن" was pressed before hydration. */
export const OFFER_PENDING_SUBMIT = 'data-pending-action';

/**
 * The offer page's registration dialog. Every element matching `trigger` opens it. The dialog is
 * server-rendered; the shared early script (src/components/forms/EarlyForms.astro, included by
 * OfferDialog.astro) opens it at the first click, before this island has arrived, and the
 * visitor can type at once. The island then
 * hydrates (`client:click`), adopts what was typed and takes over the submit. Without JavaScript
 * the triggers are WhatsApp links.
 */
export default function OfferRegistration({
  strings,
  thankYouHref,
  trigger = '[data-offer-register]',
  service,
  source = offerSource,
  pagePath = '/hair-transplant-offer',
  advertisingConsentVersion,
  whatsappNumber,
  whatsappMessage,
}: OfferRegistrationProps) {
  const s = (key: UiKey) => strings[key] ?? key;
  const uid = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idRef = useRef('');
  const [values, setValues] = useState<OfferValues>(empty);
  const [advertising, setAdvertising] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<OfferValues>>({});
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const { toasts, show, dismiss } = useToasts();
  const submission = useLeadSubmission(thankYouHref);

  // A layout effect, as the consultation form's adoption (src/islands/contact/draft.ts): what was
  // typed is adopted, and `data-hydrated` rendered, before the browser dispatches another event.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const form = formRef.current;
    if (!dialog || !form) return;
    const openDialog = () => {
      if (!idRef.current) idRef.current = crypto.randomUUID();
      void preloadClient();
      // Opened early (EarlyForms.astro) it may still be the non-modal first frame: make it modal.
      if (!dialog.matches(':modal')) {
        if (dialog.open) dialog.close();
        dialog.showModal();
      }
      setOpen(true);
    };
    // What was typed into the server-rendered dialog before hydration is kept.
    const typed = (name: 'name' | 'phone') =>
      (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    setValues({
      name: typed('name'),
      phone: stripNonDigits(typed('phone')),
      countryCode: '',
      website: '',
    });
    // A box ticked before hydration stays ticked; never ticked for the visitor.
    setAdvertising(
      (form.elements.namedItem('advertising') as HTMLInputElement | null)?.checked ?? false,
    );
    const onClick = (event: MouseEvent) => {
      const opener = (event.target as Element | null)?.closest(trigger);
      if (!opener) return;
      event.preventDefault();
      openDialog();
    };
    // The `close` event comes a task later; the non-modal → modal switch above also fires one.
    const onClose = () => setOpen(dialog.open);
    document.addEventListener('click', onClick);
    dialog.addEventListener('close', onClose);
    const island = dialog.closest(`[${PENDING_ATTRIBUTE}]`);
    if (island) island.removeAttribute(PENDING_ATTRIBUTE);
    // Opened early by the page's script: keep it open. Closed again by the visitor meanwhile: leave
    // it closed. Only a click the early script did not handle opens it now.
    const openedEarly = dialog.hasAttribute('data-opened-early');
    if (dialog.open || (island && !openedEarly)) openDialog();
    // The early script's "busy" mark: from here the island's own `sending` state shows it.
    form.querySelector('[data-busy]')?.removeAttribute('data-busy');
    if (form.hasAttribute(OFFER_PENDING_SUBMIT)) {
      form.removeAttribute(OFFER_PENDING_SUBMIT);
      setPending(true);
    }
    setHydrated(true);
    return () => {
      document.removeEventListener('click', onClick);
      dialog.removeEventListener('close', onClose);
    };
  }, [trigger]);

  const close = () => dialogRef.current?.close();

  const onSubmit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    const found = validateOffer(strings, values);
    setErrors(found);
    if (Object.keys(found).length) {
      formRef.current?.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    if (!idRef.current) idRef.current = crypto.randomUUID();
    const outcome = await submission.submit({
      row: {
        ...offerRow(idRef.current, values, {
          lang: 'ar',
          source: pagePath,
          pageUrl: window.location.href,
          attribution: readAttribution(),
        }),
        source,
        ...(service ? { service } : {}),
        ...(advertisingConsentVersion && advertising
          ? { advertising_consent_version: advertisingConsentVersion }
          : {}),
      },
      honeypot: values.website,
      onStored: () => {
        // The dialog closes so the success message is seen (for SUCCESS_VISIBLE_MS) before
        // /thank-you opens.
        close();
        show('success', s('offer.toast.success'));
        setValues(empty);
        setAdvertising(false);
        idRef.current = '';
      },
    });
    if (outcome.ok) return;
    show(
      'error',
      outcome.reason === 'rate-limited'
        ? s('form.toast.rateLimited')
        : outcome.reason === 'busy'
          ? s('form.toast.busy')
          : s('offer.toast.error'),
    );
  };

  // "سجل الآن" pressed before hydration: submit what was typed once adopted.
  // An effect event: it reads the adopted values when it runs, without re-running the effect.
  const submitPending = useEffectEvent(() => void onSubmit());
  useEffect(() => {
    if (!pending || !hydrated) return;
    setPending(false);
    submitPending();
  }, [pending, hydrated]);

  const sending = submission.status === 'sending';
  // The same chat the early script falls back to (OfferDialog.astro), with what was typed.
  const fallbackHref = whatsappUrl(
    whatsappNumber,
    [
      whatsappMessage,
      `${s('offer.dialog.name')}: ${values.name.trim()}`,
      `${s('offer.dialog.phone')}: ${values.phone}`,
    ].join('\n'),
  );
  // Toasts inside the open dialog share its top layer; outside, the backdrop would cover them.
  const toastStack = (
    <ToastStack toasts={toasts} dismiss={dismiss} closeLabel={s('form.toast.close')} />
  );

  return (
    <>
      {!open && toastStack}
      {/* A click on the backdrop closes, as Escape does natively for keyboard users. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        aria-labelledby={`${uid}-title`}
        data-offer-dialog=""
        data-early-trigger={trigger}
        // Until it is modal (the early script's first frame) it sits fixed in the middle too.
        // Closed, it is laid out but invisible (not display: none): a tap then only has to show
        // it, where laying out and shaping its Arabic text took ~45 ms of the slow profile's
        // click → paint (docs/decisions.md, "Slow phones and the public forms").
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-(--radius-card) p-0 shadow-(--shadow-lift) backdrop:bg-teal-950/70 [&:not(:modal)]:fixed [&:not(:modal)]:inset-y-0 [&:not(:modal)]:z-50 [&:not(:modal)]:max-h-[calc(100%-2rem)] [&:not(:modal)]:overflow-auto [&:not([open])]:invisible [&:not([open])]:block"
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
      >
        {open && toastStack}
        <form
          ref={formRef}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          method="dialog"
          className="relative p-6 sm:p-8"
          data-testid="offer-form"
          data-offer-form=""
          data-early-form=""
          data-hydrated={hydrated ? '' : undefined}
        >
          <button
            type="button"
            onClick={close}
            data-offer-close=""
            data-early-close=""
            className="absolute end-4 top-4 grid size-10 place-items-center rounded-full text-2xl text-muted hover:bg-sand-100"
            aria-label={s('offer.dialog.close')}
          >
            ×
          </button>
          <h2 id={`${uid}-title`} className="mb-1 pe-10 text-2xl font-bold">
            {s('offer.dialog.title')}
          </h2>
          <p className="mb-5 text-muted">{s('offer.dialog.lead')}</p>
          <OfferFields
            s={s}
            uid={uid}
            values={values}
            errors={errors}
            setValues={setValues}
            setErrors={setErrors}
          />
          {advertisingConsentVersion && (
            <AdvertisingOptIn
              id={`${uid}-advertising`}
              label={s('consent.advertising')}
              checked={advertising}
              onChange={setAdvertising}
            />
          )}
          {submission.status === 'failed' && (
            <FailurePanel
              title={s('offer.fallbackTitle')}
              text={s('offer.fallbackText')}
              link={s('offer.fallbackWhatsapp')}
              href={fallbackHref}
            />
          )}
          <button
            type="submit"
            disabled={sending}
            data-offer-submit=""
            className="btn mt-6 w-full bg-offer-600 text-white hover:bg-offer-700 disabled:opacity-70 data-busy:opacity-70 data-busy:after:content-['…']"
          >
            {sending ? s('offer.dialog.sending') : s('offer.dialog.submit')}
          </button>
          <p className="mt-4 text-xs leading-relaxed text-muted">
            {/* The offer page is Arabic only (arabicOnlyPaths in src/i18n/index.ts). */}
            <ConsentNote text={s('offer.dialog.consent')} lang="ar" strings={strings} />
          </p>
        </form>
      </dialog>
    </>
  );
}
