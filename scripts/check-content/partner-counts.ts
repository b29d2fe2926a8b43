/**
 * How many partner clinics the agency has is a fact of the database (public.clinics, issue 31),
 * which the build cannot read: the public clinics page shows the live number. So no text of the
 * site may state a number of partner hospitals or clinics ("+50 partner hospitals", «أكثر من 100
 * مستشفى معتمد»): such a number could only drift from the records. This finds them in a text.
 */

const number = String.raw`(?:\+?\d+(?:[.,]\d+)*\+?|\+?[٠-٩]+\+?)`;
const arabicWords = String.raw`(?:مستشفى|مستشفيات|مشفى|عيادة|عيادات|مركز|مراكز)`;
// English counts above one take the plural ("top 5 hospital offers" counts offers).
const englishWords = String.raw`(?:hospitals|clinics|centres|centers)`;
const between = String.raw`(?:\s+(?:accredited|partner|partnered|certified|trusted|top|leading))*\s+`;

/** A number followed by a word for hospitals or clinics, in either language. */
const counted = new RegExp(
  `${number}\\s*${arabicWords}|${number}${between}${englishWords}\\b|${number}\\s+${englishWords}\\b`,
  'iu',
);

/** The partner count a text claims ("+50 مستشفى", "over 100 accredited hospitals"), or null. */
export function partnerCountIn(text: string): string | null {
  return counted.exec(text.replace(/\s+/g, ' '))?.[0] ?? null;
}

export function partnerCountMessage(found: string): string {
  return `"${found}" states a number of partner hospitals or clinics, which lives in the database (the partner clinics owners manage in the back office) and would drift from it. Say what is true of every partner instead (accredited, named in every quote); the public clinics page shows the live number (docs/decisions.md, "Issue 31").`;
}
