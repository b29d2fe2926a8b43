import { z } from 'astro/zod';
import { iconName } from './shared.ts';

/**
 * Limited offers (the hair-transplant offer page, Arabic only): when each runs, its prices, and what
 * its page lists. Ended offers stay here so their page keeps answering, in its ended state.
 */
export const offerSchema = z
  .object({
    /** Route of the offer's page (Arabic only), e.g. /hair-transplant-offer. */
    path: z.string().startsWith('/'),
    /** The treatment its registrations ask for (a public form's service value). */
    service: z.enum(['hair-transplant', 'dental-implants', 'hollywood-smile']),
    /** Start, ISO date-time with offset (the clinic's time zone). */
    startsAt: z.iso.datetime({ offset: true }),
    /** Last moment of the offer, ISO date-time with offset; from then on it shows as ended. */
    endsAt: z.iso.datetime({ offset: true }),
    /** The usual price, shown struck through; the saving percent is derived from both prices. */
    oldPriceUsd: z.number().int().positive(),
    /**
     * Where the struck price comes from, shown beside it (Arabic). Required by the content check
     * when the old price is above the treatment's own indicative range (§ 5 UWG; docs/content.md).
     */
    oldPriceReason: z.string().min(10).optional(),
    /** The offer's price. */
    newPriceUsd: z.number().int().positive(),
    /** Exactly the six items the spec lists. */
    includes: z.array(z.object({ icon: iconName, title: z.string(), text: z.string() })).length(6),
    /** Eight reasons to choose the agency. */
    reasons: z.array(z.object({ icon: iconName, title: z.string(), text: z.string() })).length(8),
    /** Three testimonials: name, country, text. */
    testimonials: z
      .array(z.object({ name: z.string(), country: z.string(), text: z.string() }))
      .length(3),
  })
  .refine((offer) => Date.parse(offer.startsAt) < Date.parse(offer.endsAt), {
    message: 'startsAt must be before endsAt',
    path: ['endsAt'],
  })
  .refine((offer) => offer.newPriceUsd < offer.oldPriceUsd, {
    message: 'newPriceUsd must be below oldPriceUsd',
    path: ['newPriceUsd'],
  });
