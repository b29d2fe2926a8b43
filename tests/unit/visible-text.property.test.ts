import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '~/lib/admin/csv.ts';
import { visibleCharacterCount, withoutLeadingInvisible } from '~/lib/visible-text.ts';

/**
 * One notion of invisible for names and CSV cells (src/lib/visible-text.ts): what draws nothing
 * or does not stand alone never counts as a letter, and never hides a formula from the CSV guard.
 */

/** Characters a reader does not see: spaces, zero-width and bidi controls, tags, marks, blanks. */
const INVISIBLE_POOL = [
  ' ',
  '\t',
  '\u00a0',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u1160',
  '\u180e',
  '\u2000',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2800',
  '\u3000',
  '\u3164',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
  '\u0301',
  '\u0651',
  '\u064b',
  '\u20dd',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  '\u{1d173}',
];
const invisible = fc.string({ unit: fc.constantFrom(...INVISIBLE_POOL), maxLength: 12 });
const letterOrDigit = fc.constantFrom(...'aZ٣7بحأژ中ßΩ한Ⅻᄀ𝒜', '\u{10400}');

describe('visible characters', () => {
  it('a name of invisible characters only has none', () => {
    fc.assert(fc.property(invisible, (name) => visibleCharacterCount(name) === 0));
  });

  it('letters and digits count wherever invisible characters surround them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(invisible, letterOrDigit)), invisible, (parts, tail) => {
        const name = parts.map(([pad, char]) => pad + char).join('') + tail;
        return visibleCharacterCount(name) === parts.length;
      }),
    );
  });

  it('combining marks on a letter do not make more letters', () => {
    fc.assert(
      fc.property(
        letterOrDigit,
        fc.string({ unit: fc.constantFrom('\u0301', '\u0651', '\u20dd') }),
        (base, marks) => visibleCharacterCount(base + marks) === 1,
      ),
    );
  });
});

describe('the CSV guard', () => {
  it('defuses a formula sign behind any invisible prefix', () => {
    fc.assert(
      fc.property(
        invisible,
        fc.constantFrom('=', '+', '-', '@', '\uff1d'),
        fc.string(),
        (pad, sign, rest) => {
          const cell = csvCell(pad + sign + rest);
          return cell.startsWith("'") || cell.startsWith(`"'`);
        },
      ),
    );
  });

  it('leaves text that starts with a letter or digit as it is', () => {
    fc.assert(
      fc.property(
        letterOrDigit,
        fc.string({ unit: fc.constantFrom('a', ' ', '=', 'ب') }),
        (first, rest) => {
          const cell = csvCell(first + rest);
          return !cell.startsWith("'") && !cell.startsWith(`"'`);
        },
      ),
    );
  });

  it('strips exactly the invisible prefix', () => {
    expect(withoutLeadingInvisible('\u2800\u{e0041}\u200b=SUM(A1)')).toBe('=SUM(A1)');
    expect(withoutLeadingInvisible('أحمد')).toBe('أحمد');
  });
});
