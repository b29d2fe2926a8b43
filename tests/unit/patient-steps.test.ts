import { describe, expect, it } from 'vitest';
import { currentStep, journeySteps, nextAction } from '~/lib/patient/steps.ts';
import {
  isPatientToken,
  newPatientToken,
  patientPageUrl,
  tokenFromHash,
} from '~/lib/patient/link.ts';

const manager = { name: 'سارة', whatsapp: '966555000111', assigned_at: null };

describe('the patient journey', () => {
  it('starts at received, then manager assigned', () => {
    expect(currentStep({ step: null, manager: null })).toBe('received');
    expect(currentStep({ step: null, manager })).toBe('assigned');
    expect(journeySteps({ step: null, manager: null }).map((s) => `${s.key}:${s.state}`)).toEqual([
      'received:current',
      'assigned:later',
      'quotes:later',
      'decision:later',
      'travel:later',
      'aftercare:later',
    ]);
  });

  it('lists photos or reports only while staff ask for them', () => {
    const steps = journeySteps({ step: 'documents', manager });
    expect(steps.map((s) => s.key)).toContain('documents');
    expect(steps.find((s) => s.key === 'documents')?.state).toBe('current');
    expect(steps.find((s) => s.key === 'assigned')?.state).toBe('done');
    expect(journeySteps({ step: 'travel', manager }).map((s) => s.key)).not.toContain('documents');
    expect(
      journeySteps({ step: 'travel', manager }).filter((s) => s.state === 'done'),
    ).toHaveLength(4);
  });

  it('sends the patient to the manager once one with WhatsApp is assigned', () => {
    expect(nextAction({ step: null, manager: null, status: 'new' })).toEqual({
      key: 'received',
      toManager: false,
    });
    expect(nextAction({ step: 'quotes', manager, status: 'in_progress' })).toEqual({
      key: 'quotes',
      toManager: true,
    });
    expect(
      nextAction({ step: 'quotes', manager: { ...manager, whatsapp: null }, status: 'new' })
        .toManager,
    ).toBe(false);
    expect(nextAction({ step: 'quotes', manager, status: 'cancelled' }).key).toBe('closed');
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
});
