/**
 * Findable by assistants (issue 45): llms.txt and llms-full.txt in both languages list every
 * indexable page (every built page without noindex, except the 404s), the sitemap lists them too,
 * and neither names a patient page (/r/) or a staff page (/admin/); the honest-claims rules and
 * how to ask for a quote are there; treatment pages carry MedicalProcedure with their indicative
 * price ranges as Offers. Run on a build (SITE_DIST, default .data/e2e-dist).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSnapshot } from '~/lib/clinics/snapshot.ts';

const dist = process.env['SITE_DIST'] ?? '.data/e2e-dist';
const origin = 'https://rihla.care';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === '_astro' ? [] : htmlFiles(full);
    return name === 'index.html' ? [full] : [];
  });
}

/** Every page a search engine may index: built, not noindex, not a 404. */
function indexablePaths(): string[] {
  return htmlFiles(dist)
    .filter((file) => !readFileSync(file, 'utf8').includes('<meta name="robots" content="noindex'))
    .map((file) => `/${relative(dist, file).replace(/index\.html$/, '')}`.replace(/(.)\/$/, '$1'))
    .filter((path) => !/(^|\/)404$/.test(path))
    .sort();
}

const read = (path: string) => readFileSync(join(dist, path), 'utf8');
/** /en/ (the English home's canonical) and /en are one page. */
const neutral = (path: string) => path.replace(/(.)\/$/, '$1');
const links = (text: string) =>
  [...text.matchAll(/\]\((https:\/\/rihla\.care[^)]*)\)/g)].map((match) =>
    neutral(new URL(match[1]!).pathname),
  );
const sitemapPaths = () =>
  [...read('sitemap-0.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    neutral(new URL(match[1]!).pathname),
  );

describe('llms.txt', () => {
  it('exists in both languages, short and full', () => {
    for (const file of ['llms.txt', 'llms-full.txt', 'en/llms.txt', 'en/llms-full.txt'])
      expect(existsSync(join(dist, file)), file).toBe(true);
    expect(read('llms.txt')).toMatch(/^# رحلة كير/);
    expect(read('en/llms.txt')).toMatch(/^# Rihla Care/);
  });

  it('lists every indexable page, each in its language, as the sitemap does', () => {
    const indexable = indexablePaths();
    expect(indexable.length).toBeGreaterThan(50);
    const sitemap = new Set(sitemapPaths());
    const listed = new Set([...links(read('llms.txt')), ...links(read('en/llms.txt'))]);
    expect(indexable.filter((path) => !sitemap.has(path))).toEqual([]);
    expect(indexable.filter((path) => !listed.has(path))).toEqual([]);
    expect(links(read('en/llms.txt')).every((path) => path.startsWith('/en'))).toBe(true);
    expect(links(read('llms.txt')).some((path) => path.startsWith('/en'))).toBe(false);
    expect([...listed].sort()).toEqual([...sitemap].sort());
    const full = new Set([...links(read('llms-full.txt')), ...links(read('en/llms-full.txt'))]);
    expect([...full].sort()).toEqual([...sitemap].sort());
  });

  it('names no patient page and no staff page, nor does the sitemap', () => {
    for (const file of ['llms.txt', 'llms-full.txt', 'en/llms.txt', 'en/llms-full.txt']) {
      const text = read(file);
      expect(text, file).not.toMatch(/rihla\.care(\/en)?\/(r|admin)(\/|\)|\s|$)/);
      expect(links(text).filter((path) => /^\/(en\/)?(r|admin)(\/|$)/.test(path))).toEqual([]);
    }
    expect(sitemapPaths().filter((path) => /^\/(en\/)?(r|admin)(\/|$)/.test(path))).toEqual([]);
  });

  it('carries the honest-claims rules and how to ask for a quote', () => {
    const en = read('en/llms.txt');
    expect(en).toContain('Prices are indicative');
    expect(en).toContain('We promise no medical result');
    expect(en).toContain('## How to ask for a quote');
    expect(en).toContain('https://rihla.care/en/#contact');
    const ar = read('llms.txt');
    expect(ar).toContain('الأسعار استرشادية');
    expect(ar).toContain('لا نعد بنتيجة علاجية');
    expect(ar).toContain('https://rihla.care/#contact');
  });

  it('gives the price tables in full, and the clinics as the snapshot has them', () => {
    const full = read('en/llms-full.txt');
    expect(full).toContain('- Turkey: 1,500–2,500 EUR (3,000–5,000 grafts)');
    for (const clinic of readSnapshot().snapshot?.clinics ?? []) {
      expect(full).toContain(`(${origin}/en/clinics/${clinic.slug})`);
      for (const accreditation of clinic.accreditations.filter(
        (a) => a.valid_until >= new Date().toISOString().slice(0, 10),
      ))
        expect(full).toContain(`${accreditation.body} ${accreditation.certificate_number}`);
    }
    expect(full).not.toContain('ISO-TEST-77');
  });
});

describe('treatment pages', () => {
  it('carry MedicalProcedure with each indicative price range as an Offer', () => {
    const html = read('en/hair-transplant-turkey/index.html');
    const procedure = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((item) => item['@type'] === 'MedicalProcedure');
    expect(procedure).toMatchObject({
      name: 'Hair transplant',
      url: `${origin}/en/hair-transplant-turkey`,
    });
    expect(procedure!['offers']).toContainEqual(
      expect.objectContaining({
        '@type': 'Offer',
        name: 'Turkey',
        priceCurrency: 'EUR',
        priceSpecification: {
          '@type': 'PriceSpecification',
          priceCurrency: 'EUR',
          minPrice: 1500,
          maxPrice: 2500,
        },
      }),
    );
  });
});
