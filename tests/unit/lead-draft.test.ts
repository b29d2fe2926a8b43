/**
 * What the consultation form starts from on hydration (src/islands/contact/draft.ts): what is in the
 * inputs wins, a stored draft fills only what is still empty (issue 12: typing was wiped).
 */
import { describe, expect, it } from 'vitest';
import { adoptValues, type Draft } from '~/islands/contact/draft.ts';
import { emptyLead } from '~/lib/lead-form.ts';

const stored: Draft = {
  id: 'stored-id',
  step: 2,
  values: {
    ...emptyLead,
    name: 'مسودة قديمة',
    phone: '0509999999',
    email: 'old@example.com',
    service: 'dental-implants',
    countryCode: '+971',
  },
};
const newId = () => 'new-id';

describe('adoptValues', () => {
  it('keeps what was typed before hydration and fills the rest from the draft', () => {
    const draft = adoptValues(
      { name: 'سارة', phone: '0551234567', email: '', countryCode: '+966' },
      stored,
      newId,
    );
    expect(draft.values).toMatchObject({
      name: 'سارة',
      phone: '0551234567',
      email: 'old@example.com',
      service: 'dental-implants',
      // The default code in the select is not a choice: the draft's +971 stays.
      countryCode: '+971',
    });
    // Keeps the draft's id (a retry is stored once) and shows the step that was typed into.
    expect(draft.id).toBe('stored-id');
    expect(draft.step).toBe(0);
  });

  it('restores the draft and its step when nothing was typed', () => {
    const draft = adoptValues({ name: '', phone: '', countryCode: '+966' }, stored, newId);
    expect(draft).toEqual(stored);
  });

  it('keeps the stored step when the fields hold what the early script restored from the draft', () => {
    // After a reload the early script (EarlyForms.astro) writes the draft back into the fields.
    const draft = adoptValues(
      { name: 'مسودة قديمة', phone: '0509999999', countryCode: '+971' },
      stored,
      newId,
    );
    expect(draft).toEqual(stored);
  });

  it('starts fresh with only the typed values when there is no draft', () => {
    const draft = adoptValues({ name: 'علي', countryCode: '+20' }, null, newId);
    expect(draft).toEqual({
      id: 'new-id',
      step: 0,
      values: { ...emptyLead, name: 'علي', countryCode: '+20' },
    });
  });
});
