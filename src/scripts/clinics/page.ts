/**
 * The clinics page's script (src/components/pages/ClinicsPage.astro): the active partner clinics
 * from public.clinic_profiles, read when the page is viewed, and one clinic's profile for
 * `#<slug>` (also one no longer active, which an old quote may link to).
 */
import type { ClinicProfile } from '~/lib/clinics/profile.ts';
import { translator } from '~/lib/clinics/profile.ts';
import { callRpc } from '~/lib/patient/api.ts';
import { ownPagePath, renderList, renderProfile, type ClinicsContext } from './render.ts';

type State = 'loading' | 'error' | 'list' | 'profile' | 'missing';

function show(root: HTMLElement, state: State) {
  for (const element of root.querySelectorAll<HTMLElement>('[data-state]'))
    element.hidden = element.dataset['state'] !== state;
}

const root = document.querySelector<HTMLElement>('[data-clinics-page]');

if (root) {
  const data = (name: string) => JSON.parse(root.dataset[name] ?? '{}') as Record<string, string>;
  const locale = root.dataset['locale'] ?? 'ar';
  const context: ClinicsContext = {
    root,
    lang: root.dataset['lang'] === 'en' ? 'en' : 'ar',
    locale,
    countries: data('countries'),
    treatments: data('treatments'),
    t: translator(data('strings'), locale),
    pages: new Set(JSON.parse(root.dataset['pages'] ?? '[]') as string[]),
  };
  const initialTitle = document.title;
  let all: ClinicProfile[] | null = null;

  const slugFromHash = () => decodeURIComponent(window.location.hash.slice(1));

  const fetchClinics = async (slug: string | null) => {
    const outcome = await callRpc('clinic_profiles', { _slug: slug ?? '' });
    return outcome.ok ? (outcome.data as unknown as ClinicProfile[]) : null;
  };

  const render = async () => {
    const slug = slugFromHash();
    // A quote's link (/clinics/#<slug>) to a clinic with its own page goes there.
    if (slug && context.pages.has(slug)) {
      window.location.replace(ownPagePath(slug, context.lang));
      return;
    }
    if (!all) {
      show(root, 'loading');
      all = await fetchClinics(null);
      if (!all) {
        show(root, 'error');
        return;
      }
    }
    if (!slug) {
      document.title = initialTitle;
      renderList(context, all);
      show(root, 'list');
      return;
    }
    const clinic =
      all.find((candidate) => candidate.slug === slug) ?? (await fetchClinics(slug))?.[0];
    if (!clinic) {
      show(root, 'missing');
      return;
    }
    renderProfile(context, clinic);
    show(root, 'profile');
    root.querySelector<HTMLElement>('[data-name]')?.focus();
  };

  root.querySelector('[data-all]')?.addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', window.location.pathname);
    void render();
  });
  root.querySelector('[data-retry]')?.addEventListener('click', () => void render());
  window.addEventListener('hashchange', () => void render());
  window.addEventListener('popstate', () => void render());
  void render();
}
