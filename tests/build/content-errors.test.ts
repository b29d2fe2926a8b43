/**
 * Editors' safety net (docs/content.md): `npm run check:content` refuses each mistake that used to
 * build green and publish a wrong page, and its message names the file and line, what is wrong and
 * how to fix it. Each test copies the real content into a temporary folder, makes one editor's mistake
 * there and runs the checker's command line on that copy, so the repository's content is never touched.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CONTENT = 'content';
const CHECKER = 'scripts/check-content/index.ts';

interface Run {
  status: number | null;
  output: string;
}

/**
 * Runs the checker's command line without blocking this process, so the tests below really run
 * side by side (Vitest's maxConcurrency) and each is timed from its own start.
 */
function check(dir: string): Promise<Run> {
  return new Promise((resolveRun) => {
    const child = execFile(
      process.execPath,
      [CHECKER, '--dir', dir],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (_error, stdout, stderr) =>
        resolveRun({ status: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
}

/** Runs the checker on a copy of the content after `edit` changed it. */
async function withMistake(edit: (dir: string) => void): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'rihla-content-'));
  try {
    cpSync(CONTENT, dir, { recursive: true });
    edit(dir);
    return await check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Replaces `from` in one content file; fails the test if the file does not contain it. */
function replace(dir: string, file: string, from: string | RegExp, to: string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const changed = text.replace(from, to);
  expect(changed, `${file} should contain ${String(from)}`).not.toBe(text);
  writeFileSync(path, changed);
}

const append = (dir: string, file: string, text: string) =>
  writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8') + text);

/** The output's problem lines (the summary line excluded). */
const problems = (run: Run) =>
  run.output
    .split('\n')
    .filter((line) => /^\S+:\d*:? /.test(line) && !line.startsWith('check:content'));

describe('check:content', { concurrent: true }, () => {
  it('passes the repository content', async () => {
    const run = await check(CONTENT);
    expect(run.output).toMatch(/is fine/);
    expect(run.status).toBe(0);
  });

  it('refuses an Arabic article without its English twin', async () => {
    const run = await withMistake((dir) => {
      writeFileSync(
        join(dir, 'blog/ar/new-article.mdx'),
        readFileSync(join(dir, 'blog/ar/dhi-technique-guide.mdx'), 'utf8')
          .replace(/^title: .*$/m, "title: 'مقال جديد عن زراعة الشعر في تركيا'")
          .replace(/^description: .*$/m, `description: '${'وصف جديد '.repeat(6)}'`),
      );
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/ar/new-article.mdx: this Arabic article has no English twin',
    );
    expect(run.output).toMatch(/Add \S*blog\/en\/new-article\.mdx with the same file name/);
  });

  it('refuses a date that does not exist, and names the line', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'blog/ar/dhi-technique-guide.mdx', /^date: .*$/m, 'date: 2026-02-30'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/ar/dhi-technique-guide.mdx:4: "date" is "2026-02-30", a date that does not exist (February 2026 has 28 days)',
    );
  });

  it('explains a date in the wrong format', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'blog/en/dhi-technique-guide.mdx', /^date: .*$/m, 'date: 26/05/2026'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/en/dhi-technique-guide.mdx:4: "date" is "26/05/2026", which is not a date in the form YYYY-MM-DD',
    );
  });

  it('refuses a body link to a page that does not exist', async () => {
    const run = await withMistake((dir) =>
      append(dir, 'blog/en/dhi-technique-guide.mdx', '\nSee [our prices](/en/prices-2027).\n'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /blog\/en\/dhi-technique-guide\.mdx:\d+: the link "\/en\/prices-2027" leads to a page that does not exist/,
    );
  });

  it('points an English body link written with the Arabic address to the English one', async () => {
    const run = await withMistake((dir) =>
      append(dir, 'blog/en/dhi-technique-guide.mdx', '\nSee [the guide](/blog/no-such-guide).\n'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'the link "/blog/no-such-guide" leads to a page that does not exist',
    );
  });

  it('accepts body links to existing pages in the right language', async () => {
    const run = await withMistake((dir) =>
      append(
        dir,
        'blog/en/dhi-technique-guide.mdx',
        '\nSee [prices](/en/hair-transplant-turkey#prices), [Turkey](/en/destinations/turkey/) and [FUE vs DHI](/en/blog/hair-technique-comparison).\n',
      ),
    );
    expect(run.output).toMatch(/is fine/);
    expect(run.status).toBe(0);
  });

  it('refuses a body image that does not exist', async () => {
    const run = await withMistake((dir) =>
      append(dir, 'blog/ar/dhi-technique-guide.mdx', '\n![عيادة](/images/x.jpg)\n'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /blog\/ar\/dhi-technique-guide\.mdx:\d+: the image "\/images\/x\.jpg" does not exist \(looked for \S*public\/images\/x\.jpg\)/,
    );
  });

  it('refuses a duplicate testimonial id, naming both places', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'testimonials.yaml', '- id: t2', '- id: t1'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /testimonials\.yaml:\d+: the id "t1" is already used in \S*testimonials\.yaml:1; one of the two would silently disappear/,
    );
  });

  it('refuses an entry without an id', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'faqs.yaml', '- id: home-2\n  featured', '- featured'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/faqs\.yaml:\d+: entry 2 has no "id:"/);
  });

  it('refuses a duplicate service path', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'services/lasik.yaml', /^path: .*$/m, 'path: /ivf-treatment-turkey'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /services\/lasik\.yaml:5: the path "\/ivf-treatment-turkey" is already used by \S*services\/ivf\.yaml/,
    );
  });

  it('refuses slug: in front matter', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'blog/en/dhi-technique-guide.mdx', /^date:/m, 'slug: dhi\ndate:'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/en/dhi-technique-guide.mdx:4: remove "slug:". The URL of an entry is its file name (dhi-technique-guide.mdx)',
    );
  });

  it('refuses a price with thousands separators', async () => {
    const run = await withMistake((dir) =>
      replace(
        dir,
        'services/ivf.yaml',
        'price: { min: 3000, max: 5000 }',
        'price: { min: 1,600, max: 2,100 }',
      ),
    );
    expect(run.status).toBe(1);
    expect(problems(run)).toEqual([
      expect.stringMatching(
        /services\/ivf\.yaml:115: "min" is written with a thousands separator \(1,600\).*Write 1600 without the comma: min: 1600\./,
      ),
      expect.stringMatching(/services\/ivf\.yaml:115: "max" .*\(2,100\).*Write 2100/),
    ]);
  });

  it('refuses a number written as text', async () => {
    const run = await withMistake((dir) =>
      replace(
        dir,
        'services/ivf.yaml',
        'price: { min: 3000, max: 5000 }',
        "price: { min: '3000', max: 5000 }",
      ),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'services/ivf.yaml:115: "page.prices.items[0].price.min" is "3000", a number written as text. Write the digits only',
    );
  });

  it('refuses a number written with a thousands point', async () => {
    const run = await withMistake((dir) =>
      replace(
        dir,
        'services/ivf.yaml',
        'price: { min: 3000, max: 5000 }',
        'price: { min: 3.000, max: 5000 }',
      ),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'services/ivf.yaml:115: the number 3.000 has a point as thousands separator, which YAML reads as 3. Write 3000 without the point.',
    );
  });

  it('refuses a price range whose min is above its max', async () => {
    const run = await withMistake((dir) =>
      replace(
        dir,
        'services/ivf.yaml',
        'price: { min: 3000, max: 5000 }',
        'price: { min: 2500, max: 2000 }',
      ),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'services/ivf.yaml:115: "page.prices.items[0].price.min" (2500) is larger than "max" (2000). Swap them',
    );
  });

  it('refuses Arabic and English lists of different lengths', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'services/ivf.yaml', "'A patient manager at every step',\n", ''),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'services/ivf.yaml:31: "page.hero.badges" has 3 Arabic items but 2 English items; the extra ones would be dropped',
    );
  });

  it('names the content file of a missing illustration', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'services/ivf.yaml', 'image: service-ivf', 'image: service-ivf-new'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /services\/ivf\.yaml:4: "image" is "service-ivf-new", but there is no \S*src\/assets\/illustrations\/service-ivf-new\.svg/,
    );
  });

  it('refuses cross-references to pages, articles and destinations that do not exist', async () => {
    const run = await withMistake((dir) => {
      replace(dir, 'services/ivf.yaml', '- /health-checkup-turkey', '- /health-check-turkey');
      replace(dir, 'services/hair-transplant.yaml', 'destination: romania', 'destination: rumania');
      replace(
        dir,
        'services/hair-transplant.yaml',
        'article: hair-transplant-turkey-guide',
        'article: hair-guide',
      );
      replace(
        dir,
        'destinations/turkey.yaml',
        'service: /hair-transplant-turkey',
        'service: /hair-turkey',
      );
      replace(
        dir,
        'blog/en/dhi-technique-guide.mdx',
        'related: [hair-technique-comparison',
        'related: [hair-technique-comparisons',
      );
    });
    expect(run.status).toBe(1);
    const lines = problems(run);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /services\/ivf\.yaml:\d+: "page\.related\[0\]" is "\/health-check-turkey", which is not the path of any treatment page/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /services\/hair-transplant\.yaml:\d+: "page\.destinations\.items\[1\]\.destination" is "rumania", which is not a destination/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /services\/hair-transplant\.yaml:\d+: "page\.article" is "hair-guide", but there is no published article/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /destinations\/turkey\.yaml:\d+: "page\.treatments\[0\]\.service" is "\/hair-turkey"/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /blog\/en\/dhi-technique-guide\.mdx:9: "related" names "hair-technique-comparisons", but there is no published English article/,
      ),
    );
    expect(lines).toHaveLength(5);
  });

  it('names the file and the field of a wrong value and of a missing one', async () => {
    const run = await withMistake((dir) => {
      replace(dir, 'services/ivf.yaml', /^order: .*$/m, 'order: eleven');
      replace(dir, 'services/lasik.yaml', /^path: .*\n/m, '');
      replace(dir, 'blog/en/dhi-technique-guide.mdx', /^category: .*$/m, 'category: hair');
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'services/ivf.yaml:1: "order" is "eleven", a number written as text',
    );
    expect(run.output).toMatch(/services\/lasik\.yaml:\d*:? ?"path" is missing or empty/);
    expect(run.output).toContain(
      'blog/en/dhi-technique-guide.mdx:6: "category" is "hair", which is not one of the allowed values. Use one of: hair-transplant, dental-implants, medical-tourism.',
    );
  });

  it('refuses a misspelt field instead of ignoring it', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'services/ivf.yaml', /^summary:/m, 'summery:'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain('services/ivf.yaml:10: "summery" is not a field the site knows');
  });

  it('refuses a search title longer than 60 characters, and accepts a shorter seoTitle', async () => {
    const long =
      "title: 'The DHI Hair Transplant Guide: How It Works, Who It Suits and What It Costs'";
    const run = await withMistake((dir) =>
      replace(dir, 'blog/en/dhi-technique-guide.mdx', /^title: .*$/m, long),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/en/dhi-technique-guide.mdx:2: "title" is 75 characters; search results cut titles after about 60. Keep it as the heading and add a shorter "seoTitle:"',
    );
    const fixed = await withMistake((dir) =>
      replace(
        dir,
        'blog/en/dhi-technique-guide.mdx',
        /^title: .*$/m,
        `${long}\nseoTitle: 'The DHI Hair Transplant Guide: How It Works'`,
      ),
    );
    expect(fixed.output).toMatch(/is fine/);
  });

  it('accepts a fifth testimonial and a seventh home question that are not featured', async () => {
    const run = await withMistake((dir) => {
      const first = /^- id: t1\n[\s\S]*?(?=^- id: t2)/m.exec(
        readFileSync(join(dir, 'testimonials.yaml'), 'utf8'),
      )![0];
      append(
        dir,
        'testimonials.yaml',
        first.replace('- id: t1', '- id: t5').replace('featured: true', 'featured: false'),
      );
      append(
        dir,
        'faqs.yaml',
        "- id: home-7\n  group: home\n  question: { ar: 'سؤال جديد؟', en: 'A new question?' }\n  answer: { ar: 'جواب.', en: 'An answer.' }\n",
      );
    });
    expect(run.output).toMatch(/is fine/);
    expect(run.status).toBe(0);
  });

  it('refuses a fifth featured testimonial: the home shows four', async () => {
    const run = await withMistake((dir) => {
      const first = /^- id: t1\n[\s\S]*?(?=^- id: t2)/m.exec(
        readFileSync(join(dir, 'testimonials.yaml'), 'utf8'),
      )![0];
      append(dir, 'testimonials.yaml', first.replace('- id: t1', '- id: t5'));
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'testimonials.yaml: the home page shows exactly 4 testimonials marked "featured: true", but 5 are marked (t1, t2, t3, t4, t5). Set "featured: false" on 1 of them',
    );
  });

  it('refuses a draft in one language only', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'blog/ar/dhi-technique-guide.mdx', /^date: (.*)$/m, 'date: $1\ndraft: true'),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /blog\/ar\/dhi-technique-guide\.mdx:5: this article and its twin \S*blog\/en\/dhi-technique-guide\.mdx differ in "draft:" or "publishDate:"/,
    );
  });

  it('refuses a published article that lists a scheduled one as related', async () => {
    const run = await withMistake((dir) => {
      for (const lang of ['ar', 'en'])
        replace(
          dir,
          `blog/${lang}/hair-technique-comparison.mdx`,
          /^date: (.*)$/m,
          'date: $1\npublishDate: 2999-01-01',
        );
    });
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      /blog\/en\/dhi-technique-guide\.mdx:\d+: "related" names "hair-technique-comparison", but there is no published English article/,
    );
  });

  it('explains broken YAML', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'gallery.yaml', /^(- id: .*)$/m, "$1\n  caption: { ar: 'صورة', en: 'A photo }"),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/gallery\.yaml:\d+: this is not valid YAML/);
  });

  it('refuses a missing article file for an existing twin (removed English article)', async () => {
    const run = await withMistake((dir) => {
      unlinkSync(join(dir, 'blog/en/medical-trip-planning-checklist.mdx'));
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'blog/ar/medical-trip-planning-checklist.mdx: this Arabic article has no English twin',
    );
  });
  /* Issue 34: honest prices, ranges that read one way, current legal pages ------------------- */

  it('refuses a struck offer price above the treatment’s own range unless a reason is stated', async () => {
    const raise = (dir: string) => {
      replace(dir, 'offers.yaml', /oldPriceUsd: \d+/, 'oldPriceUsd: 3500');
      replace(dir, 'offers.yaml', /^ {2}oldPriceReason: .*\n/m, '');
    };
    const run = await withMistake(raise);
    expect(run.status).toBe(1);
    expect(problems(run)).toEqual([
      expect.stringMatching(
        /offers\.yaml:\d+: "oldPriceUsd" \(3500\) is above the highest indicative price of \S*services\/hair-transplant\.yaml in Turkey \(about \$3,125 /,
      ),
    ]);
    // The same price with its source stated is accepted (the page shows the reason).
    const stated = await withMistake((dir) => {
      raise(dir);
      append(
        dir,
        'offers.yaml',
        "  oldPriceReason: 'سعر الباقة نفسها في قائمة أسعار العيادة لعام 2025.'\n",
      );
    });
    expect(stated.output).toMatch(/is fine/);
  });

  it('refuses an Arabic range that would read left to right after Latin text', async () => {
    const run = await withMistake((dir) =>
      replace(
        dir,
        'services/hair-transplant.yaml',
        "ar: 'من 3,000 إلى 5,000 بصيلة'",
        "ar: 'FUE 3,000–5,000 بصيلة'",
      ),
    );
    expect(run.status).toBe(1);
    expect(problems(run)).toEqual([
      expect.stringMatching(
        /hair-transplant\.yaml:\d+: the range "3,000–5,000" follows the Latin "FUE" with no Arabic word between/,
      ),
    ]);
    // In an Arabic article's body too; an Arabic word before the range is fine.
    const body = await withMistake((dir) =>
      append(
        dir,
        'blog/ar/dhi-technique-guide.mdx',
        '\nتقنية DHI 20–30% أغلى عادةً، وتقنية DHI بين 20–30%.\n',
      ),
    );
    expect(problems(body)).toEqual([
      expect.stringMatching(
        /dhi-technique-guide\.mdx:\d+: the range "20–30" follows the Latin "DHI"/,
      ),
    ]);
  });

  it('refuses a legal page that links the shut ODR platform or lacks a section of its twin', async () => {
    const run = await withMistake((dir) => {
      append(dir, 'legal/en/terms.mdx', '\nSee https://ec.europa.eu/consumers/odr.\n');
      append(dir, 'legal/ar/privacy.mdx', '\n## 13. قسم إضافي\n\nنص.\n');
    });
    expect(run.status).toBe(1);
    expect(problems(run)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /legal\/en\/terms\.mdx:\d+: this page refers to the EU online dispute resolution platform/,
        ),
        expect.stringMatching(
          /legal\/ar\/privacy\.mdx: has 13 sections \("## "\) but \S*legal\/en\/privacy\.mdx has 12/,
        ),
      ]),
    );
  });
  it('refuses a stated number of partner hospitals, even split over a title and a text (issue 31)', async () => {
    const run = await withMistake((dir) => {
      replace(dir, 'highlights.yaml', "    ar: 'بالاسم'", "    ar: '+50'");
      replace(
        dir,
        'highlights.yaml',
        "    ar: 'كل عيادة شريكة واعتمادها'",
        "    ar: 'مستشفى شريك'",
      );
      replace(
        dir,
        'faqs.yaml',
        'We work only with accredited hospitals and clinics,',
        'We work with over 100 accredited hospitals,',
      );
    });
    expect(run.status).toBe(1);
    expect(problems(run)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/highlights\.yaml:\d+: "\+50 مستشفى" states a number of partner/),
        expect.stringMatching(/faqs\.yaml:\d+: "100 accredited hospitals" states a number/),
      ]),
    );
  });

  it('refuses exchange rates that leave out a currency quotes use, and reads 0.307 as a decimal', async () => {
    const run = await withMistake((dir) =>
      replace(dir, 'exchange-rates.yaml', /\n {4}IQD: 1310/, ''),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/exchange-rates\.yaml.*IQD/);
    expect(run.output).not.toContain('0.307');
  });
});
