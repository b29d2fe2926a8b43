/**
 * `npm run clinics:export`: writes the clinic snapshot the build prerenders the clinic pages from
 * (src/lib/clinics/snapshot.ts; docs/decisions/clinic-pages-from-a-snapshot.md). It reads
 * public.clinic_profiles() and public.published_reviews() through the API with the public key,
 * exactly what any visitor may read, so no secret is needed and nothing about patients or quotes
 * can enter the file beyond what a published review shows (only published reviews, issue 45). Slugs of the old
 * snapshot that are no longer active are kept as `retired` (their addresses redirect to the list).
 *
 *   SUPABASE_URL=https://<project>.supabase.co SUPABASE_ANON_KEY=<publishable key> npm run clinics:export
 *   npm run clinics:export -- --out .data/clinics.json    (default: CLINICS_SNAPSHOT or content/clinics.json)
 *
 * Without SUPABASE_URL it reads the local stack of `npm start` and says so. A failed request or an
 * answer that is not a list of clinics leaves the old snapshot untouched and exits 1.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { LOCAL_ANON_KEY, LOCAL_API_URL } from '../../local/keys.ts';
import {
  clinicProfileSchema,
  parseSnapshot,
  publishedReviewSchema,
  snapshotPath,
  type ClinicSnapshot,
} from '../../src/lib/clinics/snapshot.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const out = option('--out') ?? snapshotPath();
  const givenUrl = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const url = (givenUrl ?? LOCAL_API_URL).replace(/\/$/, '');
  const key =
    process.env['SUPABASE_ANON_KEY'] ?? process.env['PUBLIC_SUPABASE_ANON_KEY'] ?? LOCAL_ANON_KEY;
  if (!givenUrl) console.log(`clinics:export: no SUPABASE_URL, reading the local stack at ${url}`);
  const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
  // JWT-style keys also go as a bearer token; the opaque sb_publishable_ keys only as apikey.
  if (key.split('.').length === 3) headers['Authorization'] = `Bearer ${key}`;
  /** One public function's answer, checked against its schema; a string says why not. */
  async function read<T>(name: string, body: unknown, schema: z.ZodType<T>): Promise<T | string> {
    let response: Response;
    try {
      response = await fetch(`${url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      return `${url} did not answer (${(error as Error).message})`;
    }
    if (!response.ok)
      return `${url} answered ${response.status} to ${name}: ${(await response.text()).slice(0, 300)}`;
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success)
      return `the answer of ${name} is not what the snapshot holds (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`;
    return parsed.data;
  }
  const profiles = await read('clinic_profiles', { _slug: '' }, z.array(clinicProfileSchema));
  if (typeof profiles === 'string') {
    console.error(`clinics:export: ${profiles}; ${out} is unchanged`);
    return 1;
  }
  const published = await read('published_reviews', {}, z.array(publishedReviewSchema));
  if (typeof published === 'string') {
    console.error(`clinics:export: ${published}; ${out} is unchanged`);
    return 1;
  }
  const clinics = profiles.filter((clinic) => clinic.active);
  const slugs = new Set(clinics.map((clinic) => clinic.slug));
  const previous = existsSync(out) ? parseSnapshot(readFileSync(out, 'utf8'), out) : undefined;
  const retired = [
    ...new Set([
      ...(previous?.retired ?? []),
      ...(previous?.clinics.map((clinic) => clinic.slug) ?? []),
    ]),
  ]
    .filter((slug) => !slugs.has(slug))
    .sort();
  const snapshot: ClinicSnapshot = {
    format: 1,
    exportedAt: new Date().toISOString(),
    source: new URL(url).origin,
    clinics,
    retired,
    reviews: published.filter((review) => slugs.has(review.clinic)),
  };
  // Formatted as `npm run format` would, so the committed file passes the format check.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(out)) ?? {};
  writeFileSync(
    out,
    await prettier.format(JSON.stringify(snapshot), { ...options, filepath: out }),
  );
  console.log(
    `clinics:export: ${clinics.length} active clinic(s) from ${snapshot.source} and ${snapshot.reviews.length} published review(s) written to ${out}` +
      (retired.length ? `; retired (redirected): ${retired.join(', ')}` : ''),
  );
  return 0;
}

process.exitCode = await main();
