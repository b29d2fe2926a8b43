/**
 * What counts as visible in a name or a cell, one notion for the forms, the CSV export and the
 * database (supabase/migrations/20261126120300_names_need_letters_or_digits.sql holds the same
 * character list, generated from these expressions).
 *
 * A visible character is a letter or a digit in some script: Unicode general category L or N,
 * except the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters by category that draw
 * nothing. Braille blank (U+2800), tag characters, combining marks on their own, spaces and format
 * characters are not.
 */

const HANGUL_FILLERS = '\u115f\u1160\u3164\uffa0';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Characters a reader does not see, or that do not stand on their own. */
const INVISIBLE = new RegExp(`[\\p{Z}\\p{C}\\p{M}\\s\\u2800${HANGUL_FILLERS}]`, 'u');

/**
 * Tatweel (U+0640) is a letter by category (Lm) but only stretches the line between two Arabic
 * letters: it is visible, yet a name of only «ـــ» is no name
 * (supabase/migrations/20261203110100_names_not_only_tatweel.sql).
 */
const TATWEEL = '\u0640';

/** Whether one character (a code point) is a letter or digit that draws something of its own. */
export function isVisibleCharacter(char: string): boolean {
  return LETTER_OR_DIGIT.test(char) && !HANGUL_FILLERS.includes(char) && char !== TATWEEL;
}

/** How many visible characters (letters or digits) `text` holds. */
export function visibleCharacterCount(text: string): number {
  let count = 0;
  for (const char of text) if (isVisibleCharacter(char)) count++;
  return count;
}

/** Whether a character is one a spreadsheet or a reader skips: space, control, format, mark, blank. */
export function isInvisibleCharacter(char: string): boolean {
  return INVISIBLE.test(char);
}

/** `text` without its leading invisible characters. */
export function withoutLeadingInvisible(text: string): string {
  let index = 0;
  for (const char of text) {
    if (!isInvisibleCharacter(char)) break;
    index += char.length;
  }
  return text.slice(index);
}
