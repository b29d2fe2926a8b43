import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { sqlBackends } from './helpers/harness.ts';

/**
 * public.canonical_phone reduces the spellings of one number to the same international digits, so
 * limits, duplicate detection and erasure requests compare numbers (migration
 * 20261123090000_canonical_phone.sql).
 */

const backends = await sqlBackends();

describe.each(backends)('canonical_phone on $name', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  async function canonical(countryCode: string | null, phone: string): Promise<string> {
    const { rows } = await db.query<{ digits: string }>(
      `select public.canonical_phone($1, $2) as digits`,
      [countryCode, phone],
    );
    return rows[0]!.digits;
  }

  it('gives one value for the usual spellings of a Saudi mobile number', async () => {
    const spellings: [string | null, string][] = [
      ['+966', '0501234567'],
      ['+966', '501234567'],
      ['+966', '966501234567'],
      ['+966', '50 123-4567'],
      [null, '00966501234567'],
      [null, '966501234567'],
      ['', '+966 50 123 4567'],
    ];
    for (const [countryCode, phone] of spellings) {
      expect(await canonical(countryCode, phone), `${countryCode} ${phone}`).toBe('966501234567');
    }
  });

  it('keeps different numbers apart and does not guess a missing country', async () => {
    expect(await canonical('+963', '0944123456')).toBe('963944123456');
    expect(await canonical('+966', '0944123456')).toBe('966944123456');
    expect(await canonical(null, '0501234567')).toBe('501234567');
  });
});
