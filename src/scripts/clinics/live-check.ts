/**
 * The live check on top of a clinic's prerendered page (src/components/pages/ClinicPage.astro):
 * asks public.clinic_profiles for this clinic when the page is viewed and says whether it is still
 * a partner and accredited today. The rest of the page is the build's snapshot; this line is what
 * is true now. Without an answer it says so and names the snapshot's date.
 */
import { callRpc } from '~/lib/patient/api.ts';
import { isPast, type ClinicProfile } from '~/lib/clinics/profile.ts';
import { fill } from '~/i18n/fill.ts';

const root = document.querySelector<HTMLElement>('[data-clinic-live]');
const result = root?.querySelector<HTMLElement>('[data-live-result]');

if (root && result) {
  const strings = JSON.parse(root.dataset['strings'] ?? '{}') as Record<string, string>;
  const lang = (root.dataset['locale'] ?? 'ar').startsWith('ar') ? 'ar' : 'en';
  const say = (key: string, state: string, params?: Record<string, string>) => {
    result.textContent = fill(strings[key] ?? key, params, lang);
    result.dataset['live'] = state;
  };
  void callRpc('clinic_profiles', { _slug: root.dataset['slug'] ?? '' }).then((outcome) => {
    const clinic = outcome.ok ? (outcome.data as unknown as ClinicProfile[])[0] : undefined;
    if (!outcome.ok) return say('failed', 'failed');
    if (!clinic || !clinic.active) return say('inactive', 'inactive');
    const bodies = clinic.accreditations
      .filter((accreditation) => !isPast(accreditation.valid_until))
      .map((accreditation) => accreditation.body);
    if (!clinic.accredited || bodies.length === 0) return say('notAccredited', 'not-accredited');
    return say('accredited', 'accredited', {
      bodies: [...new Set(bodies)].join(lang === 'ar' ? '، ' : ', '),
    });
  });
}
