/**
 * docs/decisions.md is the index of docs/decisions/, one file per decision, grouped by topic.
 * Each file starts with `# <title>`, an empty line and `_Topic: <topic>. Issue <N>._`;
 * tests/unit/decisions-index.test.ts fails when a file breaks that form or the index drifts.
 *
 *   npx node scripts/docs/decisions-index.ts --write    rewrite docs/decisions.md
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOPICS = [
  'public site',
  'patient page',
  'back office',
  'security',
  'data and privacy',
  'local stack',
  'performance',
  'build and tests',
] as const;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const INDEX_FILE = join(ROOT, 'docs', 'decisions.md');
export const DECISIONS_DIR = join(ROOT, 'docs', 'decisions');

export interface Decision {
  file: string;
  title: string;
  topic: string;
  issue: number;
}

const TOPIC_LINE = /^_Topic: ([a-z ]+)\. Issue (\d+)\._$/;

/** The decisions in docs/decisions/, or the first file that breaks the form, as an error. */
export function readDecisions(): Decision[] {
  return readdirSync(DECISIONS_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((file) => {
      const [first = '', second, third = ''] = readFileSync(
        join(DECISIONS_DIR, file),
        'utf8',
      ).split('\n');
      const topic = TOPIC_LINE.exec(third);
      if (!first.startsWith('# ') || second !== '' || !topic)
        throw new Error(
          `docs/decisions/${file}: line 1 "# <title>", line 2 empty, line 3 "_Topic: <topic>. Issue <N>._"`,
        );
      if (!(TOPICS as readonly string[]).includes(topic[1]!))
        throw new Error(
          `docs/decisions/${file}: topic "${topic[1]}" is not one of ${TOPICS.join(', ')}`,
        );
      return { file, title: first.slice(2).trim(), topic: topic[1]!, issue: Number(topic[2]) };
    });
}

/** The index as it should read. */
export function decisionsIndex(decisions: Decision[] = readDecisions()): string {
  const lines = [
    '# Decisions',
    '',
    'Product and engineering decisions taken where the spec and the issues are silent, one file per',
    'decision in [decisions/](decisions/), here by topic and by issue. Add a decision as a new file',
    'and rewrite this index with `npx node scripts/docs/decisions-index.ts --write`',
    '(`tests/unit/decisions-index.test.ts` checks both).',
  ];
  for (const topic of TOPICS) {
    const here = decisions
      .filter((d) => d.topic === topic)
      .sort((a, b) => a.issue - b.issue || a.title.localeCompare(b.title));
    if (here.length === 0) continue;
    lines.push('', `## ${topic[0]!.toUpperCase()}${topic.slice(1)}`, '');
    for (const d of here) lines.push(`- [${d.title}](decisions/${d.file}) (issue ${d.issue})`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = decisionsIndex();
  if (process.argv.includes('--write')) writeFileSync(INDEX_FILE, text);
  else process.stdout.write(text);
}
