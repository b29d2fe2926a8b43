import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminAr } from '../../src/i18n/ui/admin-ar.ts';
import { adminEn } from '../../src/i18n/ui/admin-en.ts';
import { quoteLimitProblems, QUOTE_LIMITS } from '../../src/lib/admin/quote-limits.ts';
import { defaultFields, sameContent } from '../../src/lib/admin/quotes.ts';
import { AdminDataError } from '../../src/lib/admin/query.ts';
import {
  CONSTRAINT_RULES,
  HINT_RULES,
  NOT_STAFF_HINTS,
  refusalOf,
  refusalText,
} from '../../src/lib/admin/refusals.ts';
import {
  NoAnswerError,
  StaleVersionError,
  WriteRefusedError,
  writeError,
} from '../../src/lib/admin/writes.ts';

/**
 * The one map of the database's refusals to the coordinator's words (issue 41): every hint a
 * migration raises is known (worded for staff, or listed as a visitor's or a job's); each rule has
 * Arabic and English words; "could not reach the server" only when nothing answered; the quote
 * builder checks the database's limits before anything goes out.
 */

const migrations = join(import.meta.dirname, '../../supabase/migrations');
const raisedHints = new Set(
  readdirSync(migrations)
    .filter((file) => file.endsWith('.sql'))
    .flatMap((file) =>
      [...readFileSync(join(migrations, file), 'utf8').matchAll(/hint = '([a-z_0-9]+)'/g)].map(
        (match) => match[1]!,
      ),
    ),
);

describe('the refusal map', () => {
  it('knows every hint the database raises', () => {
    const unknown = [...raisedHints].filter(
      (hint) => !HINT_RULES[hint] && !NOT_STAFF_HINTS.has(hint),
    );
    expect(unknown).toEqual([]);
    expect(raisedHints.size).toBeGreaterThan(40);
  });

  it('words every rule in Arabic and English', () => {
    const rules = new Set([
      ...Object.values(HINT_RULES).map((r) => r.rule),
      ...Object.values(CONSTRAINT_RULES).map((r) => r.rule),
      'no_answer',
      'refused',
      'timeout',
      'duplicate',
      'invalid',
      'quote_price_decimals',
    ]);
    for (const rule of rules) {
      const key = `admin.writes.rule.${rule}`;
      expect(adminAr[key as keyof typeof adminAr], key).toBeTruthy();
      expect(adminEn[key as keyof typeof adminEn], key).toBeTruthy();
    }
  });

  it('says "could not reach the server" only when nothing answered', () => {
    const network = 'تعذّر الوصول إلى الخادم';
    expect(refusalText(writeError({ message: 'TypeError: Failed to fetch' }, 0))).toContain(
      network,
    );
    expect(refusalText(new TypeError('Failed to fetch'))).toContain(network);
    // A CHECK on a field names the field's rule.
    const check = writeError(
      {
        message:
          'new row for relation "quote_versions" violates check constraint "quote_versions_price"',
        code: '23514',
      },
      400,
    );
    expect(check).toBeInstanceOf(WriteRefusedError);
    expect(refusalOf(check)).toEqual({ rule: 'quote_price', field: 'price' });
    expect(refusalText(check)).not.toContain(network);
    // A hint names its rule; a stale write is its own error with who and when.
    expect(refusalOf(writeError({ message: 'x', code: 'P0001', hint: 'no_draft' }, 400)).rule).toBe(
      'no_draft',
    );
    const stale = writeError(
      {
        message: 'quote_draft changed',
        code: 'PT409',
        hint: 'stale_version',
        details:
          '{"what":"quote_draft","version":1,"revision":2,"by":"omar","at":"2026-12-02T10:00:00Z"}',
      },
      409,
    );
    expect(stale).toBeInstanceOf(StaleVersionError);
    expect(stale).toMatchObject({ currentVersion: 1, by: 'omar', at: '2026-12-02T10:00:00Z' });
    // update_request's older detail (the version alone) still reads.
    expect(
      writeError({ message: 'x', code: 'PT409', hint: 'stale_version', details: '7' }, 409),
    ).toMatchObject({
      currentVersion: 7,
    });
    // Any other answer of the server is a refusal, with its code, never the network.
    const other = refusalText(new AdminDataError('boom', 500, 'XX000'));
    expect(other).toContain('XX000');
    expect(other).not.toContain(network);
    expect(writeError({ message: 'Bad gateway' }, 502)).toBeInstanceOf(NoAnswerError);
  });
});

describe('the quote builder checks the database limits', () => {
  const fields = {
    ...defaultFields(
      {
        includes_hotel: false,
        includes_transfer: false,
        includes_interpreter: false,
        hotel: null,
        currency: 'IQD',
      },
      { service: 'dental', language: 'ar' },
      null,
    ),
    price: '11800000',
  };

  it('takes an ordinary quote in Iraqi dinars and the largest price, and names what is over', () => {
    expect(quoteLimitProblems(fields)).toEqual({});
    expect(quoteLimitProblems({ ...fields, price: String(QUOTE_LIMITS.price_max) })).toEqual({});
    expect(quoteLimitProblems({ ...fields, price: '١٬٠٠٠٬٠٠٠٬٠٠٠' })).toEqual({
      price: 'quote_price',
    });
    expect(quoteLimitProblems({ ...fields, price: '10.555' })).toEqual({
      price: 'quote_price_decimals',
    });
    expect(quoteLimitProblems({ ...fields, nights: '61', units: '0' })).toEqual({
      nights: 'quote_nights',
      units: 'quote_units',
    });
    expect(quoteLimitProblems({ ...fields, team: 'x'.repeat(161) })).toEqual({
      team: 'quote_team',
    });
    expect(
      quoteLimitProblems({
        ...fields,
        included: Array.from({ length: 21 }, (_, i) => `item ${i}`).join('\n'),
      }),
    ).toEqual({ included: 'quote_lists' });
  });

  it('tells the same content apart from a change, as the database stores it', () => {
    expect(sameContent(fields, { ...fields, team: ` ${fields.team} ` })).toBe(true);
    expect(sameContent(fields, { ...fields, price: '11800001' })).toBe(false);
  });
});
