import { describe, expect, it } from 'vitest';
import { ar } from '~/i18n/ui/ar.ts';
import { en } from '~/i18n/ui/en.ts';
import { partnerCountIn } from '../../scripts/check-content/partner-counts.ts';

/**
 * The number of partner clinics lives in the database (issue 31): no text states one. The content
 * check applies this to content/ (scripts/check-content/rules/partner-counts.ts); the UI string
 * tables are checked here.
 */
describe('partner counts', () => {
  it('are found in either language, split or spelt as editors write them', () => {
    for (const claim of [
      '+50 مستشفى شريك',
      'أكثر من 100 مستشفى معتمد',
      'نعمل مع 12 عيادة',
      '50+ partner hospitals',
      'over 100 accredited hospitals',
      'more than 50 accredited partner hospitals',
      '٥٠ مستشفى',
    ]) {
      expect(partnerCountIn(claim), claim).not.toBeNull();
    }
  });

  it('leave other numbers alone', () => {
    for (const text of [
      'two free quotes from two different clinics within 24-48 hours',
      'compare the top 5 hospital offers',
      '5. Clinics outside the EU',
      'عرضان مجانيان من عيادتين مختلفتين خلال 24–48 ساعة',
      'نقارن أفضل 5 عروض',
      'مستشفيات معتمدة في 9 دول',
    ]) {
      expect(partnerCountIn(text), text).toBeNull();
    }
  });

  it('are stated by no UI string', () => {
    const claims = [...Object.entries(ar), ...Object.entries(en)].flatMap(([key, text]) => {
      const found = partnerCountIn(text);
      return found ? [`${key}: "${found}"`] : [];
    });
    expect(claims).toEqual([]);
  });
});
