/**
 * `llms.txt` and `llms-full.txt` (https://llmstxt.org), Arabic at the root and English under /en/
 * (issue 45): written after the build from what the build made, so they list exactly the pages of
 * the sitemap (every indexable page; never a patient, staff or noindex page), each with its own
 * title and description, grouped by kind; then the honest-claims rules and how to ask for a quote
 * (src/lib/llms/texts.ts). `llms-full.txt` adds each treatment's indicative price table and
 * questions (content/services), and each partner clinic's profile from the clinic snapshot
 * (src/lib/clinics/snapshot.ts). Runs after the sitemap and before the files are compressed.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { validOn, readSnapshot } from '../lib/clinics/snapshot.ts';
import { llmsTexts, type LlmsTexts } from '../lib/llms/texts.ts';

type Lang = 'ar' | 'en';
type Section = keyof LlmsTexts['sections'];

interface Page {
  path: string;
  lang: Lang;
  title: string;
  description: string;
}

interface ServiceFile {
  path?: string;
  name?: Record<Lang, string>;
  page?: {
    prices?: {
      note: Record<Lang, string>;
      items: {
        name: Record<Lang, string>;
        price: { min: number; max?: number; currency?: string };
        description?: Record<Lang, string>;
      }[];
    };
    faq?: { question: Record<Lang, string>; answer: Record<Lang, string> }[];
  };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The pages of the sitemap, with the title and description their HTML carries. */
export function sitemapPages(dist: string): Page[] {
  const sitemap = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const path = new URL(match[1]!).pathname;
    const file = join(dist, decodeURIComponent(path), 'index.html');
    const html = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? path;
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    return {
      path,
      lang: path === '/en' || path.startsWith('/en/') ? 'en' : 'ar',
      title: decode(title).replace(/ \| (رحلة كير|Rihla Care)$/, ''),
      description: decode(description),
    };
  });
}

function services(contentDir: string): ServiceFile[] {
  const dir = join(contentDir, 'services');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => parse(readFileSync(join(dir, name), 'utf8')) as ServiceFile);
}

function countryName(contentDir: string, country: string, lang: Lang): string {
  const file = join(contentDir, 'destinations', `${country}.yaml`);
  if (!existsSync(file)) return country;
  return (
    (parse(readFileSync(file, 'utf8')) as { name?: Record<Lang, string> }).name?.[lang] ?? country
  );
}

function sectionOf(path: string, treatmentPaths: Set<string>): Section {
  const neutral = path.replace(/^\/en(?=\/|$)/, '') || '/';
  if (neutral === '/') return 'home';
  if (treatmentPaths.has(neutral)) return 'treatments';
  if (neutral.startsWith('/destinations')) return 'destinations';
  if (neutral.startsWith('/clinics')) return 'clinics';
  if (neutral.startsWith('/blog')) return 'articles';
  return 'about';
}

const price = (p: { min: number; max?: number; currency?: string }, lang: Lang) => {
  const format = (n: number) =>
    new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB').format(n);
  const currency = p.currency ?? 'EUR';
  return p.max
    ? `${format(p.min)}–${format(p.max)} ${currency}`
    : `${lang === 'ar' ? 'من' : 'from'} ${format(p.min)} ${currency}`;
};

export function llmsFiles(options: {
  dist: string;
  contentDir: string;
  site: string;
  today?: string;
}): Record<string, string> {
  const { dist, contentDir, site } = options;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const pages = sitemapPages(dist);
  const treatments = services(contentDir);
  const treatmentPaths = new Set(treatments.flatMap((s) => (s.page && s.path ? [s.path] : [])));
  const snapshot = readSnapshot().snapshot;
  const absolute = (path: string) => new URL(path, site).href;
  const files: Record<string, string> = {};
  for (const lang of ['ar', 'en'] as const) {
    const text = llmsTexts[lang];
    const prefix = lang === 'en' ? '/en' : '';
    const head = [
      `# ${text.title}`,
      '',
      `> ${text.summary}`,
      '',
      `${text.other} ${absolute(lang === 'en' ? '/llms.txt' : '/en/llms.txt')}`,
      '',
      `## ${text.rulesTitle}`,
      '',
      ...text.rules.map((rule) => `- ${rule}`),
      '',
      `## ${text.quoteTitle}`,
      '',
      ...text.quote.map(
        (line, index) => `- ${line}${index === 0 ? ` ${absolute(`${prefix}/#contact`)}` : ''}`,
      ),
      '',
    ];
    const ofLang = pages.filter((page) => page.lang === lang);
    const order: Section[] = ['home', 'treatments', 'destinations', 'clinics', 'articles', 'about'];
    const list: string[] = [];
    const full: string[] = [];
    for (const section of order) {
      const inSection = ofLang.filter((page) => sectionOf(page.path, treatmentPaths) === section);
      if (inSection.length === 0) continue;
      list.push(`## ${text.sections[section]}`, '');
      full.push(`## ${text.sections[section]}`, '');
      for (const page of inSection) {
        const line = `- [${page.title}](${absolute(page.path)})${page.description ? `: ${page.description}` : ''}`;
        list.push(line);
        full.push(`### [${page.title}](${absolute(page.path)})`, '');
        if (page.description) full.push(page.description, '');
        const neutral = page.path.replace(/^\/en(?=\/|$)/, '') || '/';
        const treatment = treatments.find((s) => s.path === neutral && s.page);
        if (treatment?.page?.prices) {
          full.push(`${text.pricesOf}:`, '');
          for (const item of treatment.page.prices.items)
            full.push(
              `- ${item.name[lang]}: ${price(item.price, lang)}${item.description ? ` (${item.description[lang]})` : ''}`,
            );
          full.push('', treatment.page.prices.note[lang], '');
        }
        if (treatment?.page?.faq?.length) {
          full.push(`${text.faqOf}:`, '');
          for (const item of treatment.page.faq)
            full.push(`- ${item.question[lang]} ${item.answer[lang]}`);
          full.push('');
        }
        const clinic = snapshot?.clinics.find((c) => `/clinics/${c.slug}` === neutral);
        if (clinic) {
          const facts = text.clinicFacts;
          const valid = validOn(clinic, today);
          const included = (
            [
              ['hotel', clinic.includes.hotel],
              ['transfer', clinic.includes.transfer],
              ['interpreter', clinic.includes.interpreter],
            ] as const
          )
            .filter(([, yes]) => yes)
            .map(([name]) => name);
          full.push(
            `- ${facts.where}: ${clinic.city[lang]}, ${countryName(contentDir, clinic.country, lang)}`,
            `- ${facts.languages}: ${clinic.languages.join(', ')}`,
            `- ${facts.accreditations}: ${
              valid.length
                ? valid
                    .map(
                      (a) =>
                        `${a.body} ${a.certificate_number} (→ ${a.valid_until.slice(0, 10)}, ✓ ${a.checked_at.slice(0, 10)})`,
                    )
                    .join('; ')
                : facts.noAccreditation
            }`,
            ...(included.length ? [`- ${facts.includes}: ${included.join(', ')}`] : []),
            `- ${facts.asOf} ${snapshot!.exportedAt.slice(0, 10)}`,
            '',
          );
        }
      }
      list.push('');
    }
    files[`${prefix}/llms.txt`] = [...head, ...list].join('\n').trimEnd() + '\n';
    files[`${prefix}/llms-full.txt`] = [...head, ...full].join('\n').trimEnd() + '\n';
  }
  return files;
}

export default function llmsTxt(options: { site: string; contentDir: string }): AstroIntegration {
  return {
    name: 'rihla-llms-txt',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const files = llmsFiles({ dist, contentDir: options.contentDir, site: options.site });
        for (const [path, text] of Object.entries(files)) writeFileSync(join(dist, path), text);
        logger.info(`${Object.keys(files).join(', ')} written from the sitemap's pages`);
      },
    },
  };
}
