import { describe, expect, it } from 'vitest';
import {
  formServices,
  requestServiceFor,
  requestServiceLabels,
  requestServices,
} from '~/lib/services.ts';

describe('service mapping (form value → inbox value)', () => {
  it('renames the six values the spec renames and keeps the rest', () => {
    expect(requestServiceFor('hair-transplant')).toBe('hairTransplant');
    expect(requestServiceFor('dental-implants')).toBe('dental');
    expect(requestServiceFor('hollywood-smile')).toBe('hollywood');
    expect(requestServiceFor('cosmetic-surgery')).toBe('cosmeticSurgery');
    expect(requestServiceFor('bariatric-surgery')).toBe('bariatric');
    expect(requestServiceFor('health-checkup')).toBe('healthCheckup');
    for (const same of [
      'rhinoplasty',
      'facelift',
      'liposuction',
      'ivf',
      'lasik',
      'orthopedic',
      'other',
    ] as const) {
      expect(requestServiceFor(same)).toBe(same);
    }
  });

  it('files offer-page leads (no service) as hair transplant', () => {
    expect(requestServiceFor(null, 'hair-transplant-offer-page')).toBe('hairTransplant');
    expect(requestServiceFor(null, '/')).toBe('other');
  });

  it('maps every form value to a valid inbox value with a label', () => {
    expect(formServices).toHaveLength(13);
    for (const value of formServices) {
      expect(requestServices).toContain(requestServiceFor(value));
      expect(requestServiceLabels[requestServiceFor(value)]).not.toBe('');
    }
  });
});
