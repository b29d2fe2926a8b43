import { describe, expect, it } from 'vitest';
import { parseLimits } from '../limit-settings.ts';

/** The limits a local start overrides from the environment (local/limit-settings.ts). */
describe('limits overridden at start', () => {
  it('reads each variable’s own settings', () => {
    expect(
      parseLimits('RIHLA_LEAD_LIMITS', 'per_address_per_10_minutes=100000, per_phone_per_hour=9'),
    ).toEqual({
      per_address_per_10_minutes: 100000,
      per_phone_per_hour: 9,
    });
    expect(parseLimits('RIHLA_PATIENT_PAGE_LIMITS', 'actions_per_address_per_hour=100000')).toEqual(
      { actions_per_address_per_hour: 100000 },
    );
    expect(parseLimits('RIHLA_PATIENT_PAGE_LIMITS', undefined)).toEqual({});
  });

  it('refuses another variable’s setting, a bad number, and names the variable', () => {
    expect(() => parseLimits('RIHLA_PATIENT_PAGE_LIMITS', 'per_address_per_10_minutes=5')).toThrow(
      /^RIHLA_PATIENT_PAGE_LIMITS: "per_address_per_10_minutes=5"/,
    );
    // The per-link limit is not one a start may lift.
    expect(() => parseLimits('RIHLA_PATIENT_PAGE_LIMITS', 'actions_per_link_per_hour=100')).toThrow(
      /settings: actions_per_address_per_hour, misses_per_address_per_10_minutes/,
    );
    expect(() => parseLimits('RIHLA_LEAD_LIMITS', 'per_phone_per_hour=0')).toThrow(
      /^RIHLA_LEAD_LIMITS/,
    );
    expect(() => parseLimits('RIHLA_LEAD_LIMITS', 'per_phone_per_hour=1.5')).toThrow();
  });
});
