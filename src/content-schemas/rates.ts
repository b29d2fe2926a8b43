/**
 * The exchange rates the patient's page uses for an indicative conversion of a quote's price into
 * the patient's currency (issue 31): data the agency updates here, never a live API. The currencies
 * are the database's (public.quote_currency, from the generated types): a rate is required for each,
 * so a currency added to the database fails the build until its rate is here.
 */
import { z } from 'astro/zod';
import { Constants } from '../lib/database.types.ts';
import { localized } from './shared.ts';

/** Every currency a quote may be in or converted to. */
export const quoteCurrencies = Constants.public.Enums.quote_currency;

/** Units of each currency per one US dollar, one positive number each. */
const perUsd = z.object(
  Object.fromEntries(quoteCurrencies.map((code) => [code, z.number().positive()])) as Record<
    (typeof quoteCurrencies)[number],
    z.ZodNumber
  >,
);

/** The rates in force: the day they were taken, where from, and one rate per currency. */
export const exchangeRatesSchema = z.object({
  /** The day the rates were taken; the patient's page shows it beside every conversion. */
  date: z.coerce.date(),
  /** Where the rates come from, as the page says it (e.g. "Central bank reference rates"). */
  source: localized,
  perUsd: perUsd.strict(),
});
