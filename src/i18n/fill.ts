/**
 * Fills a UI string: `{name}` placeholders, and plural choices written as
 * `{count, plural, zero {…} one {…} two {…} few {…} many {…} other {…}}` (the ICU MessageFormat
 * subset). The branch is picked with Intl.PluralRules for the string's language, so Arabic gets
 * its six forms and English its two; `=N` picks an exact number first, `other` is the fallback, and
 * `#` in the branch stands for the number. Shared by t() and by islands, which receive plain strings.
 */

const PLURAL_HEAD = /\{(\w+),\s*plural,\s*/g;

const rulesCache = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesCache.get(locale);
  if (!rules) rulesCache.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/** An island holding only plain strings may leave out the language: Arabic text means Arabic. */
function guessLocale(text: string): string {
  return /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en';
}

/** Reads the `key {text}` branches from `start` (just after "plural,") to the closing brace. */
function readBranches(text: string, start: number): { branches: Map<string, string>; end: number } {
  const branches = new Map<string, string>();
  let index = start;
  for (;;) {
    while (/\s/.test(text[index] ?? '')) index++;
    if (text[index] === '}') return { branches, end: index + 1 };
    const key = /^(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(index));
    if (!key) throw new Error(`Malformed plural at ${index} in "${text}"`);
    index += key[0].length;
    let depth = 1;
    const from = index;
    while (depth > 0) {
      if (index >= text.length) throw new Error(`Unclosed plural branch in "${text}"`);
      if (text[index] === '{') depth++;
      else if (text[index] === '}') depth--;
      index++;
    }
    branches.set(key[1] as string, text.slice(from, index - 1));
  }
}

function selectPlurals(
  text: string,
  params: Record<string, string | number>,
  locale: string,
): string {
  let out = '';
  let last = 0;
  PLURAL_HEAD.lastIndex = 0;
  for (let head = PLURAL_HEAD.exec(text); head; head = PLURAL_HEAD.exec(text)) {
    const name = head[1] as string;
    const { branches, end } = readBranches(text, PLURAL_HEAD.lastIndex);
    const count = Number(params[name]);
    const branch =
      branches.get(`=${count}`) ??
      branches.get(pluralRules(locale).select(count)) ??
      branches.get('other') ??
      '';
    out += text.slice(last, head.index) + branch.replaceAll('#', String(params[name]));
    last = end;
    PLURAL_HEAD.lastIndex = end;
  }
  return out + text.slice(last);
}

export function fill(
  text: string,
  params?: Record<string, string | number>,
  locale: string = guessLocale(text),
): string {
  if (!params) return text;
  const chosen = text.includes(', plural,') ? selectPlurals(text, params, locale) : text;
  return chosen.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
