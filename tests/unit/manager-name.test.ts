import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name for the person who follows a patient's request, on the site, the patient's page and the
 * mails (issue 43): «مدير المريض» / "patient manager", the spec's "personal patient manager". The
 * team's job title on the home page («منسق مرضى», the spec's "coordinators") is a title, not that
 * name. See docs/decisions/one-name-for-the-patient-manager.md.
 */
const root = join(import.meta.dirname, '../..');
const places = ['src', 'content', 'supabase/functions', 'supabase/migrations'];
const textFile = /\.(ts|tsx|astro|yaml|mdx|md|sql|json)$/;
/** The team's own entries: their job title («منسق مرضى – …», "Patient coordinator – …"). */
const jobTitles = 'content/coordinators.yaml';

const otherNames: RegExp[] = [
  /منسقك/,
  /منسق المريض/,
  /منسق مريض/,
  /\b(patient|medical) coordinator\b/i,
  /\byour coordinator\b/i,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return textFile.test(name) ? [path] : [];
  });
}

/** The lines a visitor or a mail can show: SQL comments (which may quote the issue) left out. */
function visibleLines(path: string): string[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  return path.endsWith('.sql') ? lines.filter((line) => !line.trim().startsWith('--')) : lines;
}

describe('the patient manager’s one name', () => {
  it('no text of the site, the patient’s page or a mail calls the manager anything else', () => {
    const found: string[] = [];
    for (const place of places) {
      for (const path of filesUnder(join(root, place))) {
        if (relative(root, path) === jobTitles) continue;
        visibleLines(path).forEach((line, index) => {
          const other = otherNames.find((name) => name.test(line));
          if (other) found.push(`${relative(root, path)}:${index + 1}: ${line.match(other)?.[0]}`);
        });
      }
    }
    expect(found).toEqual([]);
  });

  it('the page, the thank-you page and the confirmation mail use «مدير المريض»', () => {
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    expect(read('src/i18n/ui/patient-ar.ts')).toContain("'patient.manager': 'مدير المريض'");
    expect(read('src/i18n/ui/ar.ts')).toContain("'thankYou.step1': 'يراجع مدير المريض طلبك");
    expect(read('supabase/functions/_shared/patient-confirmation-text.ts')).toContain(
      'يراجع مدير المريض طلبك',
    );
  });
});
