import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adminAr } from '~/i18n/ui/admin-ar.ts';
import { Constants } from '~/lib/database.types.ts';
import { destinationSlugs } from '~/lib/admin/labels.ts';
import {
  formServices,
  OTHER_SERVICE,
  requestServiceFor,
  requestServiceLabels,
  type FormService,
} from '~/lib/services.ts';

/**
 * Treatments and destinations are defined once, in content/ (issue 33): the consultation form lists
 * them from there, in content's order (src/components/sections/ConsultationForm.astro). What cannot
 * read content (the database's accepted values, the back office's labels) is checked against it
 * here, and each failure names the file to change.
 */
interface Named {
  id: string;
  order: number;
  name: { ar: string; en: string };
}

function collection(folder: string): Named[] {
  const dir = join('content', folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => ({
      id: file.replace(/\.yaml$/, ''),
      ...parse(readFileSync(join(dir, file), 'utf8')),
    }))
    .sort((a, b) => a.order - b.order);
}

const treatments = collection('services');
const destinations = collection('destinations');

describe('treatments (content/services)', () => {
  it('the database accepts every treatment the form lists, and no value without a treatment', () => {
    const accepted = new Set<string>(formServices);
    const missing = treatments
      .filter((treatment) => !accepted.has(treatment.id))
      .map(
        (treatment) =>
          `content/services/${treatment.id}.yaml: the form sends "${treatment.id}", which the database refuses; add it to the enum lead_service in a new migration (supabase/migrations/) and regenerate the types (npm run gen-types -- --write)`,
      );
    const orphans = formServices
      .filter((value) => value !== OTHER_SERVICE && !treatments.some((t) => t.id === value))
      .map(
        (value) =>
          `lead_service "${value}" has no content/services/${value}.yaml: add the treatment, or drop the value in a new migration`,
      );
    expect([...missing, ...orphans]).toEqual([]);
  });

  it('the back office names each treatment as content does (its Arabic name)', () => {
    const differ = treatments.flatMap((treatment) => {
      const inbox = requestServiceFor(treatment.id as FormService);
      return requestServiceLabels[inbox] === treatment.name.ar
        ? []
        : [
            `requestServiceLabels.${inbox} in src/lib/services.ts is "${requestServiceLabels[inbox]}", content/services/${treatment.id}.yaml name.ar is "${treatment.name.ar}": make them the same`,
          ];
    });
    expect(differ).toEqual([]);
  });
});

describe('destinations (content/destinations)', () => {
  it("the back office knows every destination, in content's order, by content's Arabic name", () => {
    expect(
      [...destinationSlugs],
      'destinationSlugs in src/lib/admin/labels.ts must list content/destinations/*.yaml in their order:',
    ).toEqual(destinations.map((destination) => destination.id));
    const differ = destinations.flatMap((destination) => {
      const label = (adminAr as Record<string, string>)[`admin.country.${destination.id}`];
      return label === destination.name.ar
        ? []
        : [
            `admin.country.${destination.id} in src/i18n/ui/admin-ar.ts is "${label}", content/destinations/${destination.id}.yaml name.ar is "${destination.name.ar}": make them the same`,
          ];
    });
    expect(differ).toEqual([]);
  });
});

describe('partner clinics (issue 31)', () => {
  it("a clinic's country is a destination of content, and every destination can have clinics", () => {
    expect(
      [...Constants.public.Enums.destination].sort(),
      'the enum public.destination must list content/destinations/*.yaml: add or drop a value with `alter type public.destination add value …` in a new migration (supabase/migrations/) and regenerate the types (npm run gen-types -- --write)',
    ).toEqual(destinations.map((destination) => destination.id).sort());
  });

  it('a quote can be in, and converted to, exactly the currencies content/exchange-rates.yaml rates', () => {
    const [rates] = parse(readFileSync('content/exchange-rates.yaml', 'utf8')) as {
      perUsd: Record<string, number>;
    }[];
    expect(
      Object.keys(rates!.perUsd).sort(),
      'content/exchange-rates.yaml needs a rate per value of the enum public.quote_currency, and no other',
    ).toEqual([...Constants.public.Enums.quote_currency].sort());
  });
});
