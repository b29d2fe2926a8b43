/**
 * The limits of a quote's fields, as the database checks them (private.quote_limits() in
 * supabase/migrations/20261202100000_staff_write_protocol.sql; supabase/tests/write-protocol.test.ts
 * fails when the two differ). The quote builder checks them before it saves or sends, with the
 * same words the database's refusal would get (./refusals.ts).
 */
export const QUOTE_LIMITS = {
  /** In every offered currency: 999,999,999.99 fits an ordinary quote in Iraqi dinars too. */
  price_max: 999_999_999.99,
  price_decimals: 2,
  units_max: 100_000,
  nights_max: 60,
  /** Technique, team, hotel. */
  text_max: 160,
  note_max: 1000,
  list_items_max: 20,
  list_item_max: 120,
} as const;

/** A number as the builder's inputs hold it ("2,000", "٢٠٠٠"), or null when empty. */
export function quoteNumber(text: string): number | null {
  const value = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[,\s\u066c]/g, '')
    .replace(/\u066b/g, '.');
  return value === '' ? null : Number(value);
}

const chars = (text: string) => [...text.trim()].length;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The rule each field breaks, by field (keys of admin.writes.rule.*); empty when all fit. */
export function quoteLimitProblems(fields: {
  price: string;
  units: string;
  nights: string;
  technique: string;
  team: string;
  hotel: string;
  note: string;
  included: string;
  not_included: string;
}): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  const price = quoteNumber(fields.price);
  if (price !== null) {
    const decimals =
      String(fields.price)
        .split(/[.\u066b]/)[1]
        ?.trim().length ?? 0;
    if (!Number.isFinite(price) || price <= 0 || price > QUOTE_LIMITS.price_max) {
      problems['price'] = 'quote_price';
    } else if (decimals > QUOTE_LIMITS.price_decimals) {
      problems['price'] = 'quote_price_decimals';
    }
  }
  const units = quoteNumber(fields.units);
  if (
    units !== null &&
    !(Number.isInteger(units) && units >= 1 && units <= QUOTE_LIMITS.units_max)
  ) {
    problems['units'] = 'quote_units';
  }
  const nights = quoteNumber(fields.nights);
  if (
    nights !== null &&
    !(Number.isInteger(nights) && nights >= 0 && nights <= QUOTE_LIMITS.nights_max)
  ) {
    problems['nights'] = 'quote_nights';
  }
  for (const key of ['technique', 'team', 'hotel'] as const) {
    if (chars(fields[key]) > QUOTE_LIMITS.text_max) problems[key] = `quote_${key}`;
  }
  if (chars(fields.note) > QUOTE_LIMITS.note_max) problems['note'] = 'quote_note';
  for (const key of ['included', 'not_included'] as const) {
    const items = lines(fields[key]);
    if (items.length > QUOTE_LIMITS.list_items_max) problems[key] = 'quote_lists';
    else if (items.some((item) => chars(item) > QUOTE_LIMITS.list_item_max)) {
      problems[key] = 'quote_list_item';
    }
  }
  return problems;
}
