/** The Arabic definite article at the start of a name part (الأحمد), when a name follows it. */
const arabicArticle = /^ال(?=\p{L}{2})/u;
/** Its Latin spellings in transliterated names (Al-Khatib, el-Sayed). */
const latinArticle = /^(?:al|el)-(?=\p{L})/iu;
const arabicLetter = /\p{Script=Arabic}/u;

/**
 * The initials on a person's avatar: the first letters of the first two parts of the name, skipping
 * the article «ال» («ليلى الأحمد» → «ل أ», never «لا», "no") and its Latin spellings ("Omar
 * Al-Khatib" → "OK"). Arabic initials are spaced because Arabic letters would otherwise join into a
 * word (ل and أ make the ligature «لأ»); Latin initials are not ("LA").
 */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part.replace(arabicArticle, '').replace(latinArticle, '')][0] ?? '');
  const joiner = letters.some((letter) => arabicLetter.test(letter)) ? ' ' : '';
  return letters.join(joiner).toLocaleUpperCase();
}
