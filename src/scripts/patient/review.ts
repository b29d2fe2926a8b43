/**
 * The review form on the patient's page (src/components/patient/PatientReview.astro; issue 45,
 * item 1). Asks public.patient_review_state at every look; shown only when the database says the
 * request may be reviewed now, or the patient already has a review (to see its state, edit or
 * withdraw it). The form: a rating of 1–5, the text (the limits of src/lib/field-rules.ts), how
 * the name shows, the published rules, and the consent to publish with its version
 * (src/lib/patient/review.ts); saved with public.patient_save_review, withdrawn with
 * public.patient_withdraw_review. Loaded by ./page.ts after the status.
 */
import { fill } from '~/i18n/fill.ts';
import { reviewFields } from '~/lib/field-rules.ts';
import { callRpc } from '~/lib/patient/api.ts';
import type { ReviewState } from '~/lib/patient/review.ts';
import type { PageContext } from './context.ts';
import { partStrings } from './part-strings.ts';

type Text = (key: string, params?: Record<string, string | number>) => string;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function monthOf(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** Full months from the treatment day to today (at least 1), as the database counts them. */
function monthsSince(day: string): number {
  const from = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  const now = new Date();
  let months =
    (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + now.getUTCMonth() - from.getUTCMonth();
  if (now.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(1, months);
}

function draw(
  page: PageContext,
  section: HTMLElement,
  t: Text,
  token: string,
  state: ReviewState,
  notice = '',
): void {
  const review = state.review;
  const clinic = state.clinic?.[page.lang] ?? '';
  const parts: Node[] = [
    element(
      'h2',
      { id: 'patient-review', className: 'text-xl font-bold' },
      t('review.title', { clinic }),
    ),
  ];
  if (state.eligible) {
    parts.push(
      element(
        'p',
        { className: 'mt-1' },
        t(state.round === 'month6' ? 'review.leadMonth6' : 'review.leadDay30'),
      ),
    );
    if (state.treated_on)
      parts.push(
        element(
          'p',
          { className: 'mt-1 text-sm text-muted' },
          t('review.about', {
            service: page.services[state.service ?? ''] ?? state.service ?? '',
            month: monthOf(state.treated_on, page.locale),
            months: monthsSince(state.treated_on),
          }),
        ),
      );
  }
  if (review) {
    const status = element('p', { className: 'mt-3 font-semibold' });
    status.dataset['reviewStatus'] = review.status;
    status.textContent =
      review.status === 'refused'
        ? t('review.status.refused', {
            rule: t(`review.rule.${review.refusal_rule ?? ''}`),
            note: review.refusal_note ?? '',
          })
        : t(`review.status.${review.status}`);
    parts.push(status);
    if (review.reply)
      parts.push(
        element(
          'div',
          { className: 'mt-2 border-s-4 border-teal-600 ps-3' },
          element('p', { className: 'text-sm font-semibold' }, t('review.reply')),
          element('p', { className: 'whitespace-pre-line', dir: 'auto' }, review.reply),
        ),
      );
  }
  const live = element('p', { className: 'mt-3 font-semibold', role: 'status' }, notice);
  live.dataset['reviewNotice'] = '';
  parts.push(live);
  if (state.eligible) parts.push(form(page, section, t, token, state));
  if (review) {
    const withdraw = element('button', {
      type: 'button',
      className: 'btn btn-secondary mt-4',
      textContent: t('review.withdraw'),
    });
    withdraw.addEventListener('click', () => {
      if (!window.confirm(t('review.withdrawConfirm'))) return;
      withdraw.disabled = true;
      void callRpc('patient_withdraw_review', { _token: token }).then(async (outcome) => {
        withdraw.disabled = false;
        if (!outcome.ok) {
          live.textContent = t('review.failed');
          return;
        }
        await showReview(page, token, t('review.withdrawn'));
      });
    });
    parts.push(withdraw);
  }
  section.replaceChildren(...parts);
  section.hidden = false;
}

/** The rating: five radio buttons, each named by its number of stars. */
function ratingField(t: Text, rating: number | undefined): HTMLFieldSetElement {
  const stars = element(
    'fieldset',
    {},
    element('legend', { className: 'font-semibold' }, t('review.rating')),
  );
  const row = element('div', { className: 'mt-1 flex flex-wrap gap-3' });
  for (let n = 1; n <= 5; n++) {
    const input = element('input', { type: 'radio', name: 'rating', value: String(n) });
    input.checked = rating === n;
    row.append(
      element(
        'label',
        { className: 'inline-flex items-center gap-1' },
        input,
        t('review.stars', { count: n }),
      ),
    );
  }
  stars.append(row);
  return stars;
}

/** How the name shows: first name and initial (the default), or anonymously. */
function shownField(t: Text, shownAs: string | undefined): HTMLFieldSetElement {
  const shown = element(
    'fieldset',
    {},
    element('legend', { className: 'font-semibold' }, t('review.shownAs')),
  );
  for (const [value, key] of [
    ['name', 'review.shownName'],
    ['anonymous', 'review.shownAnonymous'],
  ] as const) {
    const input = element('input', { type: 'radio', name: 'shown_as', value });
    input.checked = (shownAs ?? 'name') === value;
    shown.append(element('label', { className: 'mt-1 flex items-center gap-2' }, input, t(key)));
  }
  return shown;
}

/** The published rules a review may be refused for. */
function rulesList(t: Text, rules: string[]): HTMLDivElement {
  return element(
    'div',
    { className: 'text-sm' },
    element('p', { className: 'font-semibold' }, t('review.rulesTitle')),
    element(
      'ul',
      { className: 'list-disc ps-5' },
      ...rules.map((rule) => element('li', {}, t(`review.rule.${rule}`))),
    ),
  );
}

/** The refusal's words for a hint the database gave. */
function refusalKey(hint: string | undefined): string {
  if (hint === 'review_consent_required') return 'review.consentRequired';
  if (hint === 'clinic_reviews_body_length') return 'review.tooLong';
  return 'review.failed';
}

function form(
  page: PageContext,
  section: HTMLElement,
  t: Text,
  token: string,
  state: ReviewState,
): HTMLFormElement {
  const review = state.review;
  const box = element('form', { className: 'mt-4 space-y-4', noValidate: true });
  const { min, max } = reviewFields.body;
  const text = element('textarea', {
    id: 'review-body',
    name: 'body',
    rows: 6,
    minLength: min,
    maxLength: max,
    required: true,
    dir: 'auto',
    className: 'mt-1 w-full rounded-xl border border-sand-300 p-3',
    value: review?.body ?? '',
  });
  text.setAttribute('aria-describedby', 'review-body-hint');
  const body = element(
    'div',
    {},
    element('label', { htmlFor: 'review-body', className: 'font-semibold' }, t('review.body')),
    text,
    element('p', { id: 'review-body-hint', className: 'text-sm text-muted' }, t('review.bodyHint')),
  );
  const consent = element('input', { type: 'checkbox', name: 'consent', required: true });
  const consentLabel = element(
    'label',
    { className: 'flex items-start gap-2 text-sm' },
    consent,
    element('span', {}, t('review.consent')),
  );
  const error = element('p', { className: 'text-sm font-semibold text-red-800', role: 'alert' });
  const submit = element('button', {
    type: 'submit',
    className: 'btn btn-primary',
    textContent: t(review ? 'review.update' : 'review.submit'),
  });
  box.append(
    ratingField(t, review?.rating),
    body,
    shownField(t, review?.shown_as),
    rulesList(t, state.rules),
    consentLabel,
    error,
    submit,
  );
  const checked = (name: string) =>
    box.querySelector<HTMLInputElement>(`input[name=${name}]:checked`)?.value ?? '';
  box.addEventListener('submit', (event) => {
    event.preventDefault();
    const rating = Number(checked('rating'));
    const written = text.value.trim();
    if (!consent.checked || !state.consent_version) {
      error.textContent = t('review.consentRequired');
      consent.focus();
      return;
    }
    if (!rating || written.length < min || written.length > max) {
      error.textContent = t('review.tooLong');
      (rating ? text : box.querySelector<HTMLInputElement>('input[name=rating]'))?.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    void callRpc('patient_save_review', {
      _token: token,
      _fields: {
        rating,
        body: written,
        shown_as: checked('shown_as') || 'name',
        consent_version: state.consent_version,
      },
    }).then((outcome) => {
      submit.disabled = false;
      if (!outcome.ok || !outcome.data) {
        error.textContent = t(outcome.ok ? 'review.failed' : refusalKey(outcome.hint));
        return;
      }
      draw(page, section, t, token, outcome.data as unknown as ReviewState, t('review.saved'));
    });
  });
  return box;
}

/** Shows the review part when the database says so; hidden otherwise (or when it cannot load). */
export async function showReview(page: PageContext, token: string, notice = ''): Promise<void> {
  const section = page.root.querySelector<HTMLElement>('[data-review]');
  if (!section) return;
  const strings = await partStrings(section);
  if (!strings) return;
  const t: Text = (key, params) => fill(strings[key] ?? page.t(key), params, page.lang);
  // An open form being typed in is not redrawn under the patient's fingers by a refresh.
  if (!notice && section.contains(document.activeElement) && !section.hidden) return;
  const outcome = await callRpc('patient_review_state', { _token: token });
  if (!outcome.ok) return;
  const state = outcome.data as unknown as ReviewState | null;
  if (!state || (!state.eligible && !state.review)) {
    section.hidden = true;
    section.replaceChildren();
    return;
  }
  draw(page, section, t, token, state, notice);
}
