/**
 * Keeps names and figures that read as one unit on one line: "All-on-4" (a browser may break after
 * its hyphens) and number ranges with the word after them («24–48 ساعة», "3,000–5,000 grafts",
 * "€1,500 – 2,500"). They come from content, UI strings and MDX alike, so the page HTML is rewritten
 * once (src/middleware.ts) instead of asking every editor to type invisible characters.
 *
 * Only text of the body is touched: never the head, attributes, scripts, styles, the inside of a
 * React island (its server HTML must match what it renders in the browser), or a `dir="ltr"` run
 * (prices, phone numbers, codes), whose component decides how it wraps.
 */

const NOWRAP_CLASS = 'whitespace-nowrap';

/** What must not break: a product name with hyphens, or a range and the word that follows it. */
const unbreakable = /All-on-\d+|\d[\d,.]*%?\s?[–-]\s?\d[\d,.]*(?:%|\+)?(?:\s[\p{L}\p{M}]+)?/gu;

/** A tag (attribute values may contain ">"), a comment, or an element whose content is not text. */
const token =
  /<(script|style|textarea|template|title)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/**
 * A hyphen-minus between two numbers joins them into one left-to-right number for the browser's
 * bidi algorithm (UAX #9, rule W4), so «4-6 ساعات» showed 4 on the left while «4–6 ساعات», with an
 * en dash, reads right to left like every other range in Arabic text (docs/decisions.md, "Ranges
 * in Arabic text"). On Arabic pages the hyphen of a range becomes an en dash; a date such as
 * 2026-05-26 (a second hyphen follows) is left as it is.
 */
const rangeHyphen = /(\d\s?)-(\s?\d)/;

function wrap(text: string, arabic: boolean): string {
  return text.replace(unbreakable, (match: string, offset: number) => {
    const date = text[offset - 1] === '-' || text[offset + match.length] === '-';
    const unit = arabic && !date ? match.replace(rangeHyphen, '$1–$2') : match;
    return `<span class="${NOWRAP_CLASS}">${unit}</span>`;
  });
}

const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const leftToRight = /\sdir=["']?ltr\b/i;

/** Rewrites a page's HTML so the units above never break across lines. */
export function keepTogether(html: string): string {
  const bodyStart = html.search(/<body[\s>]/);
  if (bodyStart < 0) return html;
  const arabic = /<html[^>]*\slang=["']?ar\b/i.test(html.slice(0, bodyStart));
  let out = html.slice(0, bodyStart);
  const body = html.slice(bodyStart);
  // Open elements, each marked when text inside it must stay as it is.
  const open: { name: string; keep: boolean }[] = [];
  const keeping = () => open.some((element) => element.keep);
  let last = 0;
  for (const match of body.matchAll(token)) {
    const text = body.slice(last, match.index);
    out += keeping() ? text : wrap(text, arabic);
    out += match[0];
    last = match.index + match[0].length;
    const name = match[3]?.toLowerCase();
    if (!name || voidElements.has(name) || match[0].endsWith('/>')) continue;
    if (match[2]) {
      const index = open.map((element) => element.name).lastIndexOf(name);
      if (index >= 0) open.length = index;
    } else {
      open.push({ name, keep: name === 'astro-island' || leftToRight.test(match[0]) });
    }
  }
  const rest = body.slice(last);
  return out + (keeping() ? rest : wrap(rest, arabic));
}
