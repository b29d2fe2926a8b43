/**
 * The partner clinics' own pages (issue 45), built from the build's clinic snapshot
 * (src/lib/clinics/snapshot.ts). The test gate builds with CLINICS_SNAPSHOT=tests/build/clinics-snapshot.json
 * (made-up clinics: one with a valid and an expired accreditation, one with none, one retired);
 * run this file with the same CLINICS_SNAPSHOT as the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSnapshot } from '~/lib/clinics/snapshot.ts';

const dist = process.env['SITE_DIST'] ?? '.data/e2e-dist';
const read = readSnapshot();
const clinics = read.snapshot?.clinics ?? [];

const page = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe('clinic pages', () => {
  it('are built from a snapshot with clinics (set CLINICS_SNAPSHOT as the build did)', () => {
    expect(read.status, `no snapshot at ${read.path}`).toBe('snapshot');
    expect(clinics.length).toBeGreaterThan(0);
  });

  it('exist for exactly the active clinics of the snapshot, in both languages', () => {
    const built = (dir: string) =>
      readdirSync(join(dist, dir), { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && existsSync(join(dist, dir, entry.name, 'index.html')),
        )
        .map((entry) => entry.name)
        .sort();
    const slugs = clinics.map((clinic) => clinic.slug).sort();
    expect(built('clinics')).toEqual(slugs);
    expect(built('en/clinics')).toEqual(slugs);
  });

  it('carry MedicalClinic JSON-LD claiming only the accreditations valid today', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const clinic of clinics)
      for (const [prefix, lang] of [
        ['', 'ar'],
        ['en/', 'en'],
      ] as const) {
        const html = page(`${prefix}clinics/${clinic.slug}`);
        const data = jsonLd(html).find((item) => item['@type'] === 'MedicalClinic');
        expect(data, clinic.slug).toBeDefined();
        expect(data!['name']).toBe(clinic.name[lang]);
        expect(data!['url']).toBe(`https://rihla.care/${prefix}clinics/${clinic.slug}`);
        expect(data!['knowsLanguage']).toEqual(clinic.languages);
        expect((data!['address'] as Record<string, string>)['addressCountry']).toMatch(
          /^[A-Z]{2}$/,
        );
        const claimed = (data!['hasCredential'] as { name: string; expires: string }[]).map(
          (credential) => `${credential.name} ${credential.expires}`,
        );
        expect(claimed).toEqual(
          clinic.accreditations
            .filter((a) => a.valid_until >= today)
            .map((a) => `${a.body} ${a.valid_until}`),
        );
        expect(JSON.stringify(jsonLd(html))).not.toContain('AggregateRating');
      }
  });

  it('show every accreditation with its check date, expired ones marked, and the live check on top', () => {
    const html = page('en/clinics/example-hair-clinic');
    expect(html).toContain('JCI-TEST-0001');
    expect(html).toContain('30 June 2030');
    expect(html).toContain('20 November 2026');
    expect(html).toMatch(/31 January 2024\s*\(expired\)/);
    const live = html.indexOf('data-live-result');
    expect(live).toBeGreaterThan(0);
    expect(live).toBeLessThan(html.indexOf('JCI-TEST-0001'));
    expect(html).toMatch(/role="status"[^>]*data-live-result|data-live-result[^>]*role="status"/);
    const ar = page('clinics/example-hair-clinic');
    expect(ar).toContain('lang="ar"');
    expect(ar).toContain('انتهت');
    expect(ar).toContain('تحققنا منها في');
  });

  it('say how reviews are collected and checked, and no page carries an AggregateRating', () => {
    for (const clinic of clinics) {
      expect(page(`en/clinics/${clinic.slug}`)).toContain('How we collect and check reviews');
      expect(page(`clinics/${clinic.slug}`)).toContain('كيف نجمع التقييمات ونتحقق منها');
    }
    const all = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === '_astro'
            ? []
            : all(join(dir, entry.name))
          : entry.name.endsWith('.html')
            ? [join(dir, entry.name)]
            : [],
      );
    const rated = all(dist).filter((file) =>
      readFileSync(file, 'utf8').includes('AggregateRating'),
    );
    expect(rated).toEqual([]);
    // The curated stories on the home page say what they are.
    expect(page('en')).toContain('not every opinion we received');
    expect(page('')).toContain('ولا نحسب منها متوسط تقييم');
  });

  it('are in the sitemap with their twins, and the list links to them', () => {
    const sitemap = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
    for (const clinic of clinics) {
      expect(sitemap).toContain(`<loc>https://rihla.care/clinics/${clinic.slug}</loc>`);
      expect(sitemap).toContain(`<loc>https://rihla.care/en/clinics/${clinic.slug}</loc>`);
    }
    expect(page('clinics')).toContain(
      `data-pages="${JSON.stringify(clinics.map((c) => c.slug)).replaceAll('"', '&quot;')}"`,
    );
  });

  it('send a retired clinic to the live list profile, and build no page for it', () => {
    const retired = read.snapshot?.retired ?? [];
    expect(retired.length).toBeGreaterThan(0);
    const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
    for (const slug of retired) {
      expect(existsSync(join(dist, 'clinics', slug))).toBe(false);
      expect(redirects).toContain(`/clinics/${slug} /clinics/#${slug} 302`);
      expect(redirects).toContain(`/en/clinics/${slug} /en/clinics/#${slug} 302`);
      expect(readFileSync(join(dist, 'sitemap-0.xml'), 'utf8')).not.toContain(`/clinics/${slug}<`);
    }
  });
});
