/**
 * `npm run config:remote`: writes the `[remotes.production]` block of supabase/config.toml from the
 * deploy environment (SUPABASE_PROJECT_REF, PUBLIC_SITE_URL), with the project ref spelled out.
 *
 * Why generated: the Supabase CLI picks a remote block by comparing its `project_id` text, before
 * any `env(…)` is expanded, with the linked project ref, and then requires every remote's
 * project_id to look like a ref (20 lowercase letters). A block keyed `env(SUPABASE_PROJECT_REF)`
 * therefore never applies, and breaks every CLI command when the variable is unset. The committed
 * file carries no remote block; this script adds one (between markers, replaced on every run) that
 * the CLI really merges. The ref and the site address are public, so the result may be committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIG_FILE } from '../local/config.ts';

export const REF_PATTERN = /^[a-z]{20}$/;
const BEGIN =
  '# >>> [remotes.production], written by `npm run config:remote` (do not edit by hand)';
const END = '# <<< [remotes.production]';

export interface RemoteSettings {
  projectRef: string;
  siteUrl: string;
}

/** What is wrong with the deploy variables, in the operator's words; empty when they are usable. */
export function remoteSettingsProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const ref = env['SUPABASE_PROJECT_REF'] ?? '';
  if (!REF_PATTERN.test(ref))
    problems.push(
      `SUPABASE_PROJECT_REF must be the project ref (20 lowercase letters, from the dashboard URL); got "${ref}"`,
    );
  const site = env['PUBLIC_SITE_URL'] ?? '';
  let url: URL | undefined;
  try {
    url = new URL(site);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || /^(127\.|localhost$|\[::1\]$)/.test(url.hostname))
    problems.push(`PUBLIC_SITE_URL must be the site's public https origin; got "${site}"`);
  return problems;
}

/** The block itself: the hosted project's auth addresses, nothing local. */
export function renderRemoteBlock({ projectRef, siteUrl }: RemoteSettings): string {
  return [
    BEGIN,
    '# `supabase config push --project-ref <this ref>` (or a project linked to it) merges this block',
    '# over the settings above; other refs and `supabase start` ignore it.',
    '[remotes.production]',
    `project_id = "${projectRef}"`,
    '',
    '[remotes.production.auth]',
    `site_url = "${new URL(siteUrl).origin}"`,
    'additional_redirect_urls = []',
    END,
    '',
  ].join('\n');
}

/** `config` with its generated block replaced by `block` (or `block` appended). */
export function withRemoteBlock(config: string, block: string): string {
  const start = config.indexOf(BEGIN);
  if (start === -1) return `${config.replace(/\n*$/, '\n')}\n${block}`;
  const end = config.indexOf(END, start);
  if (end === -1) throw new Error(`config.toml has "${BEGIN}" without "${END}"`);
  return config.slice(0, start) + block + config.slice(end + END.length).replace(/^\n/, '');
}

if (import.meta.filename === process.argv[1]) {
  const problems = remoteSettingsProblems(process.env);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    process.exit(1);
  }
  const settings = {
    projectRef: process.env['SUPABASE_PROJECT_REF'] as string,
    siteUrl: process.env['PUBLIC_SITE_URL'] as string,
  };
  writeFileSync(
    CONFIG_FILE,
    withRemoteBlock(readFileSync(CONFIG_FILE, 'utf8'), renderRemoteBlock(settings)),
  );
  console.log(`✓ supabase/config.toml: [remotes.production] for ${settings.projectRef}`);
  console.log(
    `  Next: supabase config push --project-ref ${settings.projectRef}  (it must print "Loading config override: [remotes.production]")`,
  );
}
