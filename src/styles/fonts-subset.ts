/**
 * Subsets the Arabic faces of IBM Plex Sans Arabic after each build (issue 12): Fontsource's Arabic
 * files carry Persian, Urdu and presentation-form glyphs the site never shows, 43 + 44 KB for the
 * two weights an Arabic page needs. A patient on a thin connection (≈ 400 kbps) waited seconds for
 * them, and with `font-display: optional` they then arrived too late to be used.
 *
 * Kept: the Arabic letters, harakat, punctuation and digits anyone may type into a form (names
 * included, with the Persian letters Gulf names use), plus every other Arabic character found in
 * the built pages and scripts. Shaping tables (joining forms, ligatures) are kept by hb-subset for
 * those characters. A character outside the subset falls back to the phone's font, glyph by glyph.
 * The Latin faces (digits, prices, Latin words on Arabic pages) are cut to what Arabic pages show.
 *
 * Issue 33 (fonts ≤ 45 KB in all on an Arabic page): subset-font keeps every OpenType feature by
 * default, and the layout closure then pulls in the glyphs of features no page asks for (small
 * capitals, fractions, stylistic alternates); only the features browsers apply by themselves are
 * kept (`SHAPING_FEATURES`). The TrueType hinting instructions are dropped: phones and high-density
 * screens ignore them. The four faces an Arabic page draws went from 57.7 to 38.2 KB; Inter, the
 * English pages' one face, is cut the same way (47.1 → about 34 KB).
 * Measured on the built site: see docs/decisions.md.
 */
import type { AstroIntegration } from 'astro';
import type SubsetFont from 'subset-font';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Code points always kept (what visitors may type), as inclusive ranges. */
const alwaysKept: [number, number][] = [
  [0x060c, 0x060c],
  [0x061b, 0x061b],
  [0x061f, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0652],
  [0x0660, 0x066c],
  [0x0670, 0x0670],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0698, 0x0698],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06cc, 0x06cc],
  [0x06f0, 0x06f9],
  [0x200c, 0x200f],
];

/**
 * The features a browser applies without being asked (HarfBuzz's defaults for Arabic and Latin
 * text, kerning included), and `tnum` for the offer countdown's `tabular-nums`
 * (src/components/sections/OfferCountdown.astro). A page that turns on another feature needs it here.
 */
export const SHAPING_FEATURES = [
  'calt',
  'ccmp',
  'clig',
  'curs',
  'fina',
  'init',
  'isol',
  'kern',
  'liga',
  'locl',
  'mark',
  'medi',
  'mkmk',
  'rclt',
  'rlig',
  'rvrn',
  'tnum',
];

/** Arabic characters in the built site's text (pages and island scripts). */
const arabicInText = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/g;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

export function keptCharacters(root: string): string {
  const kept = new Set<string>();
  for (const [first, last] of alwaysKept) {
    for (let code = first; code <= last; code++) kept.add(String.fromCodePoint(code));
  }
  for (const file of files(root, /\.(html|js)$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(arabicInText)) kept.add(match[0]);
  }
  return [...kept].join('');
}

/**
 * Latin characters an Arabic page shows in Plex (its Latin faces cover digits, prices, phone
 * numbers and the few Latin words): the text and placeholders of the Arabic pages (not /en/), plus
 * ASCII digits and punctuation for what visitors type. Latin letters typed into a form on an Arabic
 * page that no page shows fall back to the phone's font.
 */
export function latinOnArabicPages(root: string): string {
  const kept = new Set<string>();
  for (let code = 0x20; code <= 0x40; code++) kept.add(String.fromCodePoint(code));
  for (const char of '[]_{}«»–—‘’“”…×•·\u00a0') kept.add(char);
  const enRoot = join(root, 'en');
  for (const file of files(root, /\.html$/)) {
    if (file.startsWith(enRoot + '/')) continue;
    const html = readFileSync(file, 'utf8');
    const text = html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]*\bplaceholder="([^"]*)"[^>]*>/g, ' $1 ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, ' ');
    // Everything but Arabic script; each face's unicode-range picks what it covers.
    for (const char of text) if (!/[\u0600-\u06ff]/.test(char)) kept.add(char);
  }
  return [...kept].join('');
}

/**
 * What Inter (English pages) keeps: everything visitors may type in a Western European name or
 * message (ASCII and Latin-1), plus every other character the English pages show. Its Latin
 * Extended face is left whole: English pages draw it only for rare names.
 */
export function latinOnEnglishPages(root: string): string {
  const kept = new Set<string>();
  for (let code = 0x20; code <= 0x7e; code++) kept.add(String.fromCodePoint(code));
  for (let code = 0xa0; code <= 0xff; code++) kept.add(String.fromCodePoint(code));
  const enRoot = join(root, 'en');
  for (const file of files(enRoot, /\.html$/)) {
    const text = readFileSync(file, 'utf8')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ');
    for (const char of text) if (!/[\u0600-\u06ff]/.test(char)) kept.add(char);
  }
  return [...kept].join('');
}

export default function arabicFontSubset(): AstroIntegration {
  return {
    name: 'rihla-arabic-font-subset',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const arabicFaces = files(root, /^ibm-plex-sans-arabic-arabic-\d+-normal\.[\w-]+\.woff2$/);
        const latinFaces = files(root, /^ibm-plex-sans-arabic-latin-\d+-normal\.[\w-]+\.woff2$/);
        const interFaces = files(root, /^inter-latin-wght-normal\.[\w-]+\.woff2$/);
        if (!arabicFaces.length && !latinFaces.length && !interFaces.length) return;
        // subset-font (harfbuzz wasm) is a build-time tool only; required here, outside Vite's
        // module runner (closed by the time this hook runs), never in a page.
        const subsetFont = createRequire(import.meta.url)('subset-font') as typeof SubsetFont;
        const arabicText = keptCharacters(root);
        const latinText = latinOnArabicPages(root);
        const jobs = [
          ...arabicFaces.map((face) => [face, arabicText] as const),
          ...latinFaces.map((face) => [face, latinText] as const),
          ...interFaces.map((face) => [face, latinOnEnglishPages(root)] as const),
        ];
        for (const [face, text] of jobs) {
          const before = readFileSync(face);
          const after = await subsetFont(before, text, {
            targetFormat: 'woff2',
            keepFeatures: SHAPING_FEATURES,
            noHinting: true,
          });
          writeFileSync(face, after);
          logger.info(
            `${face.slice(root.length)}: ${(before.length / 1024).toFixed(1)} → ${(after.length / 1024).toFixed(1)} KB`,
          );
        }
      },
    },
  };
}
