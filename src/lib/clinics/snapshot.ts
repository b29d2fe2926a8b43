/**
 * The partner clinics the build prerenders (/clinics/<slug>, /en/clinics/<slug>, llms.txt): read
 * from a snapshot file exported from the database by `npm run clinics:export`
 * (scripts/clinics/export.ts), never from the network, so a build in CI or on a laptop without a
 * database gives the same pages (docs/decisions/clinic-pages-from-a-snapshot.md).
 *
 * The file is `content/clinics.json` unless CLINICS_SNAPSHOT names another (the test gate builds
 * with tests/build/clinics-snapshot.json). No file: the build has no clinic pages and says so
 * (src/integrations/clinic-pages.ts); a file that is not a snapshot fails the build, naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ClinicProfile } from './profile.ts';

const localized = z.object({ ar: z.string(), en: z.string() });

/** One clinic as public.clinic_profiles() answers it (src/lib/clinics/profile.ts). */
export const clinicProfileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: localized,
  city: localized,
  country: z.string(),
  languages: z.array(z.string().regex(/^[a-z]{2}$/)),
  includes: z.object({ hotel: z.boolean(), transfer: z.boolean(), interpreter: z.boolean() }),
  hotel: z.string().nullable(),
  treatments: z.array(z.string()),
  about: localized,
  active: z.boolean(),
  accredited: z.boolean(),
  accreditations: z.array(
    z.object({
      body: z.string(),
      certificate_number: z.string(),
      valid_until: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
      checked_at: z.string(),
    }),
  ),
}) satisfies z.ZodType<ClinicProfile>;

/**
 * One published verified review as public.published_reviews() answers it (issue 45): only what a
 * review may show (docs/decisions/what-a-review-may-show.md), nothing that leads to the request.
 */
export const publishedReviewSchema = z.object({
  id: z.string(),
  /** The clinic's slug. */
  clinic: z.string(),
  /** The request's treatment (public.request_service). */
  service: z.string(),
  /** The month of treatment, YYYY-MM. */
  treated_month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Full months from the treatment to the patient's last edit. */
  months_after: z.number().int().min(1),
  /** First name + initial of the family name; null: anonymous. */
  name: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** The clinic's reply, entered by staff. */
  reply: z.string().nullable(),
  published_at: z.string(),
});

export type PublishedReview = z.infer<typeof publishedReviewSchema>;

export const clinicSnapshotSchema = z.object({
  /** The file's format; a change of shape is a new number. */
  format: z.literal(1),
  /** When `npm run clinics:export` read the database (ISO time). */
  exportedAt: z.string().datetime({ offset: true }),
  /** The API it read (origin only, never a key). */
  source: z.string(),
  /** The active clinics, as the public sees them, in the database's order (English name). */
  clinics: z.array(clinicProfileSchema),
  /**
   * Slugs that had a page in an earlier snapshot and are no longer active: their addresses
   * redirect to the list's live profile (/clinics/#<slug>), which says the clinic is no longer a
   * partner, so an old quote's link still explains itself.
   */
  retired: z.array(z.string()),
  /**
   * The published verified reviews of the clinics above (public.published_reviews()); a snapshot
   * exported before reviews existed has none. A withdrawn or erased review leaves the next export.
   */
  reviews: z.array(publishedReviewSchema).default([]),
});

export type ClinicSnapshot = z.infer<typeof clinicSnapshotSchema>;

export const DEFAULT_SNAPSHOT = 'content/clinics.json';

/** The snapshot file this build reads (relative to the project, as the build's messages name it). */
export function snapshotPath(env: Record<string, string | undefined> = process.env): string {
  return env['CLINICS_SNAPSHOT']?.trim() || DEFAULT_SNAPSHOT;
}

export type SnapshotRead =
  | { status: 'snapshot'; path: string; snapshot: ClinicSnapshot }
  | { status: 'missing'; path: string; snapshot: null };

/** Parses a snapshot's text; a file that is not one throws, naming the file and the first fault. */
export function parseSnapshot(text: string, path: string): ClinicSnapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = clinicSnapshotSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${path} is not a clinic snapshot (npm run clinics:export writes one): ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  const slugs = parsed.data.clinics.map((clinic) => clinic.slug);
  const twice = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (twice) throw new Error(`${path} lists the clinic ${twice} twice`);
  const inactive = parsed.data.clinics.find((clinic) => !clinic.active);
  if (inactive) throw new Error(`${path} lists ${inactive.slug}, which is not active, as a clinic`);
  return {
    ...parsed.data,
    retired: parsed.data.retired.filter((slug) => !slugs.includes(slug)),
    reviews: parsed.data.reviews.filter((review) => slugs.includes(review.clinic)),
  };
}

let cached: { path: string; read: SnapshotRead } | undefined;

/** The snapshot of this build (read once per path). */
export function readSnapshot(path = snapshotPath(), root = process.cwd()): SnapshotRead {
  if (cached?.path === path) return cached.read;
  const file = resolve(root, path);
  const read: SnapshotRead = existsSync(file)
    ? { status: 'snapshot', path, snapshot: parseSnapshot(readFileSync(file, 'utf8'), path) }
    : { status: 'missing', path, snapshot: null };
  cached = { path, read };
  return read;
}

/** The clinics this build gives pages to (none without a snapshot). */
export function snapshotClinics(): ClinicProfile[] {
  return readSnapshot().snapshot?.clinics ?? [];
}

/** The published reviews of one clinic in this build's snapshot, newest first. */
export function snapshotReviews(slug: string): PublishedReview[] {
  return (readSnapshot().snapshot?.reviews ?? []).filter((review) => review.clinic === slug);
}

/** The accreditations valid on `day` (YYYY-MM-DD; the last day of validity counts). */
export function validOn(clinic: ClinicProfile, day: string): ClinicProfile['accreditations'] {
  return clinic.accreditations.filter((a) => a.valid_until.slice(0, 10) >= day);
}

/** The one line the build prints about its clinic pages. */
export function snapshotSummary(read: SnapshotRead): string {
  if (read.status === 'missing')
    return `no clinic snapshot at ${read.path}: building WITHOUT clinic pages (/clinics/<slug>); export one with npm run clinics:export`;
  const { snapshot } = read;
  return `clinic pages from the snapshot ${read.path}, exported ${snapshot.exportedAt} from ${snapshot.source}: ${snapshot.clinics.length} clinic(s), ${snapshot.reviews.length} published review(s)${
    snapshot.retired.length ? `, ${snapshot.retired.length} retired address(es) redirected` : ''
  }`;
}
