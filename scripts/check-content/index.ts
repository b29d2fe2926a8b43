/**
 * `npm run check:content [-- --dir <content dir>]`: the editors' safety net (docs/content.md). Reads
 * every content file without building the site and refuses, with one plain-language line per
 * problem (file:line, what is wrong, how to fix it), the mistakes that used to build green and
 * publish wrong pages: dates that do not exist, numbers written as text or with thousands
 * separators, min > max, missing language twins and unequal Arabic/English lists, duplicate ids and
 * paths, `slug:` in front matter, unknown fields, references to pages, articles, destinations or
 * images that do not exist, and links or images in article bodies that point to nothing.
 *
 * The schemas are the site's own (src/content.config.ts, imported through ./astro-shim.ts), so a
 * field added there is checked here too. Each rule is a function named for what it demands, in
 * rules/ (one entry's fields in rules/entry-fields.ts; the rest in RULES below, in the order they
 * run). `npm test` runs this first, and every `astro build` runs it through
 * src/integrations/content-check.ts. Exit code 0 = clean, 1 = problems, 2 = cannot run.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadCollections, root } from './collections.ts';
import { readEntries } from './read-entries.ts';
import { bodyLinksResolve } from './rules/body-links.ts';
import { homeCountsMatch } from './rules/home-counts.ts';
import {
  arabicRangesReadRightToLeft,
  legalPagesCurrent,
  oldPricesWithinRange,
} from './rules/honest.ts';
import { languageTwins } from './rules/language-twins.ts';
import { noPartnerCounts } from './rules/partner-counts.ts';
import {
  destinationReferences,
  illustrationsExist,
  questionGroups,
  relatedArticles,
  treatmentReferences,
} from './rules/references.ts';
import { searchTitlesFit } from './rules/search-titles.ts';
import { uniqueArticleTexts, uniqueFields, uniqueIds } from './rules/unique.ts';
import {
  DEFAULT_CONTENT_DIR,
  type Context,
  type Options,
  type Problem,
  type Report,
} from './types.ts';

export { DEFAULT_CONTENT_DIR, type Options, type Problem };

/** The rules over all entries, in the order their problems are listed. */
const RULES: ((ctx: Context) => void)[] = [
  uniqueIds,
  uniqueFields,
  uniqueArticleTexts,
  searchTitlesFit,
  homeCountsMatch,
  languageTwins,
  illustrationsExist,
  treatmentReferences,
  destinationReferences,
  relatedArticles,
  questionGroups,
  bodyLinksResolve,
  oldPricesWithinRange,
  arabicRangesReadRightToLeft,
  legalPagesCurrent,
  noPartnerCounts,
];

export async function checkContent(options: Options): Promise<Problem[]> {
  const problems: Problem[] = [];
  const shown = (file: string) => relative(process.cwd(), file) || file;
  const report: Report = (source, line, message) =>
    problems.push({
      file: typeof source === 'string' ? shown(source) : source.shown,
      line,
      message,
    });

  if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
    report(
      options.dir,
      undefined,
      'the content folder does not exist. Run from the repository root or pass --dir.',
    );
    return problems;
  }
  const entries = readEntries(await loadCollections(), options, report, shown);
  const byCollection = (name: string) => entries.filter((entry) => entry.collection === name);
  for (const rule of RULES) rule({ entries, options, report, shown, byCollection });
  return problems;
}

/* ------------------------------------------------------------------------------------------ */
/* Command line                                                                               */

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

if (import.meta.main) {
  const started = performance.now();
  try {
    const dir = resolve(
      argument('--dir') ?? process.env['CONTENT_DIR'] ?? join(root, DEFAULT_CONTENT_DIR),
    );
    const problems = await checkContent({
      dir,
      illustrations: join(root, 'src/assets/illustrations'),
      publicDir: join(root, 'public'),
      pagesDir: join(root, 'src/pages'),
      now: new Date(),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!problems.length) {
      console.log(`check:content: ${relative(process.cwd(), dir) || dir} is fine (${seconds} s).`);
      process.exit(0);
    }
    for (const problem of problems)
      console.error(`${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
    console.error(
      `\ncheck:content: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the content (${seconds} s). Fix ${problems.length === 1 ? 'it' : 'them'} and run "npm run check:content" again; docs/content.md explains each message.`,
    );
    process.exit(1);
  } catch (error) {
    console.error('check:content could not run:', error);
    process.exit(2);
  }
}
