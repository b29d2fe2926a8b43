/** Fills the clinics page (src/components/pages/ClinicsPage.astro) from public.clinic_profiles. */
import {
  clinicPath,
  formatDay,
  isPast,
  languageNames,
  type ClinicProfile,
} from '~/lib/clinics/profile.ts';

export interface ClinicsContext {
  root: HTMLElement;
  lang: 'ar' | 'en';
  locale: string;
  countries: Record<string, string>;
  treatments: Record<string, string>;
  /** Slugs with their own prerendered page (/clinics/<slug>). */
  pages: ReadonlySet<string>;
  t(key: string, params?: Record<string, string | number>): string;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = '') => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
};

const part = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLElement>(`[data-${name}]`)!;

/** "إسطنبول، تركيا". */
function where(context: ClinicsContext, clinic: ClinicProfile): string {
  return context.t('clinics.where', {
    city: clinic.city[context.lang],
    country: context.countries[clinic.country] ?? clinic.country,
  });
}

/** The accredited / not accredited mark. */
function badge(context: ClinicsContext, clinic: ClinicProfile): HTMLElement {
  const mark = el(
    'span',
    `inline-block rounded-full px-3 py-1 text-sm font-semibold ${
      clinic.accredited ? 'bg-teal-50 text-teal-900' : 'bg-offer-50 text-offer-700'
    }`,
    clinic.accredited
      ? `✓ ${context.t('clinics.accredited')}: ${clinic.accreditations
          .filter((a) => !isPast(a.valid_until))
          .map((a) => a.body)
          .join('، ')}`
      : context.t('clinics.notAccredited'),
  );
  mark.dir = 'auto';
  return mark;
}

/** A clinic's own prerendered page (src/pages/[...locale]/clinics/[slug].astro). */
export function ownPagePath(slug: string, lang: 'ar' | 'en'): string {
  return `${lang === 'en' ? '/en' : ''}/clinics/${encodeURIComponent(slug)}`;
}

export function renderList(context: ClinicsContext, clinics: ClinicProfile[]) {
  const { root, t } = context;
  part(root, 'count').textContent = t('clinics.count', { count: clinics.length });
  part(root, 'empty').hidden = clinics.length > 0;
  part(root, 'list').replaceChildren(
    ...clinics.map((clinic) => {
      const item = el('li', 'card p-5');
      const link = el('a', 'text-xl font-bold text-teal-800 underline', clinic.name[context.lang]);
      link.href = context.pages.has(clinic.slug)
        ? ownPagePath(clinic.slug, context.lang)
        : clinicPath(clinic.slug, context.lang);
      link.setAttribute('aria-label', t('clinics.open', { name: clinic.name[context.lang] }));
      link.dir = 'auto';
      const line = el('p', 'mt-1 text-muted', where(context, clinic));
      const languages = el(
        'p',
        'mt-2 text-sm',
        languageNames(clinic.languages, context.lang, context.locale),
      );
      item.append(link, line, el('p', 'mt-3'), languages);
      item.children[2]!.append(badge(context, clinic));
      return item;
    }),
  );
}

function accreditationItem(
  context: ClinicsContext,
  accreditation: ClinicProfile['accreditations'][number],
) {
  const { t, locale } = context;
  const expired = isPast(accreditation.valid_until);
  const item = el('li', `rounded-xl p-3 ${expired ? 'bg-sand-100 text-muted' : 'bg-teal-50'}`);
  const facts: [string, string, boolean][] = [
    [t('clinics.body'), accreditation.body, true],
    [t('clinics.certificate'), accreditation.certificate_number, true],
    [
      t('clinics.validUntil'),
      `${formatDay(accreditation.valid_until, locale)}${expired ? ` (${t('clinics.expired')})` : ''}`,
      false,
    ],
    [t('clinics.checkedAt'), formatDay(accreditation.checked_at, locale), false],
  ];
  const list = el('dl', 'grid gap-1 sm:grid-cols-2');
  for (const [label, value, typed] of facts) {
    const box = el('div');
    const dd = el('dd', 'font-semibold', value);
    if (typed) dd.dir = 'auto';
    box.append(el('dt', 'text-sm text-muted', label), dd);
    list.append(box);
  }
  item.append(list);
  return item;
}

export function renderProfile(context: ClinicsContext, clinic: ClinicProfile) {
  const { root, t, lang } = context;
  const name = part(root, 'name');
  name.textContent = clinic.name[lang];
  name.dir = 'auto';
  part(root, 'where').textContent = where(context, clinic);
  part(root, 'inactive').hidden = clinic.active;
  part(root, 'badge').replaceChildren(badge(context, clinic));
  const about = clinic.about[lang] || clinic.about[lang === 'ar' ? 'en' : 'ar'];
  part(root, 'about-section').hidden = !about;
  part(root, 'about').replaceChildren(
    ...about
      .split(/\n{2,}/)
      .filter(Boolean)
      .map((paragraph) => el('p', '', paragraph)),
  );
  part(root, 'no-accreditations').hidden = clinic.accreditations.length > 0;
  part(root, 'accreditations').replaceChildren(
    ...clinic.accreditations.map((accreditation) => accreditationItem(context, accreditation)),
  );
  part(root, 'languages').textContent = languageNames(clinic.languages, lang, context.locale);
  const includes: [string, boolean, string | null][] = [
    [t('clinics.hotel'), clinic.includes.hotel, clinic.hotel],
    [t('clinics.transfer'), clinic.includes.transfer, null],
    [t('clinics.interpreter'), clinic.includes.interpreter, null],
  ];
  part(root, 'includes').replaceChildren(
    ...includes.map(([label, yes, detail]) => {
      const item = el(
        'li',
        yes ? '' : 'text-muted',
        `${yes ? '✓' : '✗'} ${label}: ${t(yes ? 'clinics.included' : 'clinics.notIncluded')}`,
      );
      if (yes && detail) {
        const extra = el('span', '', ` (${detail})`);
        extra.dir = 'auto';
        item.append(extra);
      }
      return item;
    }),
  );
  part(root, 'treatment-list').textContent = clinic.treatments
    .map((key) => context.treatments[key] ?? key)
    .join(lang === 'ar' ? '، ' : ', ');
  document.title = `${clinic.name[lang]} | ${t('clinics.title')}`;
}
