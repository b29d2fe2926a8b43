import { describe, expect, it } from 'vitest';
import type { PatientNow, PatientView } from '~/lib/patient/api.ts';
import { currentStep, journeySteps, nextAction } from '~/lib/patient/steps.ts';
import {
  isPatientToken,
  newPatientToken,
  patientPageUrl,
  tokenFromHash,
} from '~/lib/patient/link.ts';

const manager = { name: 'سارة', whatsapp: '966555000111', assigned_at: null };

describe('the patient journey and what now, from the real state', () => {
  const at = (now: PatientNow, extra: Partial<PatientView> = {}) =>
    ({ step: null, manager: null, status: 'new', now, ...extra }) as const;

  it('asks for what is missing, by name, before anything else', () => {
    const view = at({ state: 'photos', missing: ['hair_front', 'hair_donor'] });
    expect(nextAction(view)).toEqual({
      key: 'photos',
      count: 2,
      slots: ['hair_front', 'hair_donor'],
      button: { kind: 'section', target: 'files' },
    });
    expect(journeySteps(view).map((s) => `${s.key}:${s.state}`)).toEqual([
      'received:done',
      'assigned:later',
      'documents:current',
      'quotes:later',
      'decision:later',
      'travel:later',
      'aftercare:later',
      'aftercare_done:later',
    ]);
    // With a manager, the assignment is done whatever came first.
    expect(journeySteps({ ...view, manager }).find((s) => s.key === 'assigned')?.state).toBe(
      'done',
    );
  });

  it('ends the journey at «اكتملت المتابعة» once the follow-up is complete (issue 44)', () => {
    const view = at({ state: 'aftercare_done' }, { manager });
    expect(journeySteps(view).map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'done',
      'done',
      'current',
    ]);
    expect(nextAction(view).key).toBe('aftercare_done');
    // An offline copy saved with the step only says the same.
    expect(currentStep({ step: 'aftercare_done', manager, status: 'in_progress' })).toBe(
      'aftercare_done',
    );
  });

  it('promises the quotes by a date, and says so when the date has passed', () => {
    const due = '2026-12-04T10:00:00Z';
    const waiting = at({ state: 'waiting', due_at: due }, { manager });
    expect(nextAction(waiting, Date.parse('2026-12-03T10:00:00Z'))).toEqual({
      key: 'waiting',
      due,
      button: { kind: 'chat', toManager: true },
    });
    expect(nextAction(waiting, Date.parse('2026-12-05T10:00:00Z')).key).toBe('waitingLate');
    expect(currentStep(waiting)).toBe('quotes');
  });

  it('sends the patient to the quotes, then says who calls after the choice', () => {
    expect(nextAction(at({ state: 'compare', quotes: 2 }))).toEqual({
      key: 'compare',
      count: 2,
      button: { kind: 'section', target: 'patient-quotes' },
    });
    expect(currentStep(at({ state: 'compare', quotes: 2 }))).toBe('decision');
    const chosen = at({ state: 'chosen', clinic: { ar: 'عيادة', en: 'Clinic' } }, { manager });
    expect(nextAction(chosen)).toEqual({
      key: 'chosen',
      clinic: { ar: 'عيادة', en: 'Clinic' },
      button: { kind: 'chat', toManager: true },
    });
    expect(
      journeySteps(chosen)
        .filter((s) => s.state === 'done')
        .map((s) => s.key),
    ).toEqual(['received', 'assigned', 'documents', 'quotes', 'decision']);
  });

  it('writes to the agency without a manager with WhatsApp, and a closed request only there', () => {
    const travel = at({ state: 'travel' }, { manager: { ...manager, whatsapp: null } });
    expect(nextAction(travel).button).toEqual({ kind: 'chat', toManager: false });
    expect(nextAction(at({ state: 'closed' }, { manager })).button).toEqual({
      kind: 'chat',
      toManager: false,
    });
  });

  it('reads a status saved before the page carried the state by the step staff set', () => {
    const old = { step: 'travel', manager, status: 'in_progress' } as const;
    expect(nextAction(old).key).toBe('travel');
    expect(nextAction({ step: null, manager, status: 'cancelled' }).key).toBe('closed');
    expect(nextAction({ step: null, manager: null, status: 'new' }).key).toBe('waitingSoon');
  });
});

describe('the private link', () => {
  it('is at least 128 random bits, in the fragment', () => {
    const token = newPatientToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isPatientToken(token)).toBe(true);
    expect(newPatientToken()).not.toBe(token);
    expect(patientPageUrl('https://rihla.care/', 'ar', token)).toBe(
      `https://rihla.care/r/#${token}`,
    );
    expect(patientPageUrl('https://rihla.care', 'en', token)).toBe(
      `https://rihla.care/en/r/#${token}`,
    );
    expect(tokenFromHash(`#${token}`)).toBe(token);
    expect(tokenFromHash('#short')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });

  it('ignores what a copy or a mail client adds after the token, never what is inside it', () => {
    const token = newPatientToken();
    // As the browser hands them over: outside the alphabet, percent-encoded or not.
    for (const tail of ['.', '%E2%81%A9', '%E2%81%A9.', '%20', '%22', "'", '%3E', ')', ',', '%']) {
      expect(tokenFromHash(`#${token}${tail}`), tail).toBe(token);
    }
    expect(tokenFromHash(`#%E2%81%A6${token}`)).toBeNull();
    // Characters of the alphabet are the token's: one more is another (wrong) token.
    expect(tokenFromHash(`#${token}x`)).toBe(`${token}x`);
    expect(tokenFromHash(`#${'a'.repeat(129)}`)).toBeNull();
  });
});
