/**
 * What the patient page's scripts share: the page's strings and settings (data attributes the
 * prerendered shell carries), a `t()` over them, date formatting, and the states to show.
 */
import type { PatientView } from '~/lib/patient/api.ts';
import { whatsappUrl } from '~/lib/whatsapp.ts';
import { formatDay, formatTime } from './formats.ts';

export interface PageContext {
  root: HTMLElement;
  lang: 'ar' | 'en';
  locale: string;
  agencyWhatsapp: string;
  services: Record<string, string>;
  /** The page's strings, by key. */
  strings: Readonly<Record<string, string>>;
  /** The photo and document slots' names, for "what now". */
  slots: Record<string, string>;
  t(key: string, params?: Record<string, string>): string;
  formatTime(iso: string): string;
  formatDay(iso: string): string;
  /** The WhatsApp chat of the manager (when known) or the agency, with the reference. */
  chatUrl(view: PatientView, toManager: boolean): string;
}

/** A text with its `{name}` placeholders filled (the page's texts have no plural forms). */
const filled = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** The page's context with a part's own texts (src/scripts/patient/part-strings.ts) first. */
export function withOwnTexts(page: PageContext, own: Record<string, string>): PageContext {
  return {
    ...page,
    t: (key, params = {}) =>
      own[key] === undefined ? page.t(key, params) : filled(own[key], params),
  };
}

export function readContext(root: HTMLElement): PageContext {
  // The texts are carried after the page's first screen (PatientPage.astro).
  const texts: DOMStringMap =
    root.querySelector<HTMLElement>('[data-patient-texts]')?.dataset ?? {};
  const strings = JSON.parse(texts['strings'] ?? '{}') as Record<string, string>;
  const lang = root.dataset['lang'] === 'en' ? 'en' : 'ar';
  const locale = root.dataset['locale'] ?? 'ar';
  const agencyWhatsapp = root.dataset['agencyWhatsapp'] ?? '';
  const t = (key: string, params: Record<string, string> = {}) =>
    filled(strings[key] ?? key, params);
  return {
    root,
    lang,
    locale,
    agencyWhatsapp,
    services: JSON.parse(texts['services'] ?? '{}') as Record<string, string>,
    strings,
    slots: JSON.parse(texts['slots'] ?? '{}') as Record<string, string>,
    t,
    formatTime: (iso) => formatTime(iso),
    formatDay: (iso) => formatDay(iso),
    chatUrl(view, toManager) {
      const number = toManager && view.manager?.whatsapp ? view.manager.whatsapp : agencyWhatsapp;
      return whatsappUrl(number, t('patient.whatsappMessage', { reference: view.reference }));
    },
  };
}

export type PageState = 'loading' | 'invalid' | 'error' | 'view';

/** Shows one of the page's states and hides the others. */
export function showState(root: HTMLElement, state: PageState) {
  for (const element of root.querySelectorAll<HTMLElement>('[data-state]')) {
    element.hidden = element.dataset['state'] !== state;
  }
}
