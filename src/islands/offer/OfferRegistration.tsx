import { useEffect, useId, useRef, useState } from 'react';
import type { UiKey } from '~/i18n/ui/ar.ts';
import { readAttribution } from '~/lib/attribution.ts';
import { offerRow, validateOffer, type FieldErrors, type OfferValues } from '~/lib/lead-form.ts';
import { stripNonDigits } from '~/lib/phone.ts';
import { notifyAgency, preloadClient, submitLead } from '~/lib/submit-lead.ts';
import { ConsentNote } from '~/islands/ui/ConsentNote.tsx';
import { ToastStack, useToasts } from '~/islands/ui/Toasts.tsx';
import { PENDING_ATTRIBUTE } from '~/integrations/client-directives/click.ts';

export interface OfferRegistrationProps {
  strings: Partial<Record<UiKey, string>>;
  thankYouHref: string;
  /** Shown by the page; the agency's mail is built from the stored lead (send-form-notification). */
  offerPriceUsd: number;
  /** Elements that open this dialog (default: the offer's register buttons). */
  trigger?: string;
  /** Lead source and service when the dialog is not the offer's registration: after the offer's
   * end it takes "tell me about the next offer" requests (src/components/pages/OfferPage.astro). */
  lead?: { source: string; service: 'hair-transplant' | 'dental-implants' | 'hollywood-smile' };
}

const empty: OfferValues = { name: '', phone: '', website: '' };

/**
 * The offer page's registration dialog (spec 2.4). Every element with [data-offer-register] opens
 * it; those are WhatsApp links in the HTML, so without JavaScript they still book the offer.
 * A native <dialog> keeps focus inside and closes on Esc. The page loads it with
 * `client:click="[data-offer-register]"`: the click that loaded it is marked on its island and opens
 * the dialog as soon as it is mounted.
 */
export default function OfferRegistration({
  strings,
  thankYouHref,
  trigger = '[data-offer-register]',
  lead,
}: OfferRegistrationProps) {
  const s = (key: UiKey) => strings[key] ?? key;
  const uid = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const idRef = useRef('');
  const sendingRef = useRef(false);
  const [values, setValues] = useState<OfferValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<OfferValues>>({});
  const [sending, setSending] = useState(false);
  const { toasts, show, dismiss } = useToasts();

  useEffect(() => {
    const open = () => {
      if (!idRef.current) idRef.current = crypto.randomUUID();
      void preloadClient();
      if (!dialogRef.current?.open) dialogRef.current?.showModal();
    };
    const onClick = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.closest(trigger)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('click', onClick);
    const island = dialogRef.current?.closest(`[${PENDING_ATTRIBUTE}]`);
    if (island) {
      island.removeAttribute(PENDING_ATTRIBUTE);
      open();
    }
    return () => document.removeEventListener('click', onClick);
  }, [trigger]);

  const close = () => dialogRef.current?.close();

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const found = validateOffer(strings, values);
    setErrors(found);
    if (Object.keys(found).length) {
      dialogRef.current?.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    const outcome = values.website
      ? ({ ok: true } as const)
      : await submitLead({
          ...offerRow(idRef.current, values, {
            lang: 'ar',
            source: '/hair-transplant-offer',
            pageUrl: window.location.href,
            attribution: readAttribution(),
          }),
          ...lead,
        });
    if (outcome.ok) {
      show('success', s('offer.toast.success'));
      const notified = values.website ? Promise.resolve() : notifyAgency(idRef.current);
      close();
      setValues(empty);
      idRef.current = '';
      await notified;
      window.location.assign(thankYouHref);
      return;
    }
    sendingRef.current = false;
    setSending(false);
    show(
      'error',
      outcome.reason === 'rate-limited'
        ? s('form.toast.rateLimited')
        : outcome.reason === 'busy'
          ? s('abuse.toast.busy')
          : s('offer.toast.error'),
    );
  };

  const field = (name: 'name' | 'phone') => `${uid}-${name}`;
  const inputClass = (name: keyof OfferValues) =>
    `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-teal-700 focus:outline-none ${
      errors[name] ? 'border-offer-600' : 'border-sand-300'
    }`;

  return (
    <>
      <ToastStack toasts={toasts} dismiss={dismiss} closeLabel={s('form.toast.close')} />
      {/* A click on the backdrop closes, as Escape does natively for keyboard users. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        aria-labelledby={`${uid}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-(--radius-card) p-0 shadow-(--shadow-lift) backdrop:bg-teal-950/70"
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
      >
        <form
          onSubmit={onSubmit}
          noValidate
          className="relative p-6 sm:p-8"
          data-testid="offer-form"
        >
          <button
            type="button"
            onClick={close}
            className="absolute end-4 top-4 grid size-10 place-items-center rounded-full text-2xl text-muted hover:bg-sand-100"
            aria-label={s('offer.dialog.close')}
          >
            ×
          </button>
          <h2 id={`${uid}-title`} className="mb-1 pe-10 text-2xl font-bold">
            {s('offer.dialog.title')}
          </h2>
          <p className="mb-5 text-muted">{s('offer.dialog.lead')}</p>
          <div className="space-y-4">
            <div>
              <label htmlFor={field('name')} className="mb-1.5 block font-semibold text-teal-900">
                {s('offer.dialog.name')}
              </label>
              <input
                id={field('name')}
                name="name"
                autoComplete="name"
                dir="auto"
                value={values.name}
                onChange={(event) => {
                  setValues({ ...values, name: event.target.value });
                  setErrors({ ...errors, name: undefined });
                }}
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? `${field('name')}-error` : undefined}
                className={inputClass('name')}
              />
              {errors.name && (
                <p
                  id={`${field('name')}-error`}
                  className="mt-1.5 text-sm font-semibold text-offer-700"
                >
                  {errors.name}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={field('phone')} className="mb-1.5 block font-semibold text-teal-900">
                {s('offer.dialog.phone')}
              </label>
              <input
                id={field('phone')}
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                dir="ltr"
                placeholder={s('offer.dialog.phonePlaceholder')}
                value={values.phone}
                onChange={(event) => {
                  const raw = event.target.value;
                  setValues({ ...values, phone: stripNonDigits(raw) });
                  setErrors({
                    ...errors,
                    phone: /[^\d\u0660-\u0669\u06f0-\u06f9]/.test(raw)
                      ? s('form.error.phoneDigits')
                      : undefined,
                  });
                }}
                aria-invalid={Boolean(errors.phone)}
                aria-describedby={`${field('phone')}-hint${errors.phone ? ` ${field('phone')}-error` : ''}`}
                className={`${inputClass('phone')} text-start`}
              />
              <p id={`${field('phone')}-hint`} className="mt-1.5 text-sm text-muted">
                {s('offer.dialog.phoneHint')}
              </p>
              {errors.phone && (
                <p
                  id={`${field('phone')}-error`}
                  className="mt-1 text-sm font-semibold text-offer-700"
                >
                  {errors.phone}
                </p>
              )}
            </div>
            <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
              <label htmlFor={`${uid}-website`}>{s('form.honeypot')}</label>
              <input
                id={`${uid}-website`}
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(event) => setValues({ ...values, website: event.target.value })}
              />
            </div>
          </div>
          <button
            type="submit"
            disabled={sending}
            className="btn mt-6 w-full bg-offer-600 text-white hover:bg-offer-700 disabled:opacity-70"
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
