/**
 * A map link for an address (issue 44): Google Maps' documented search URL
 * (https://developers.google.com/maps/documentation/urls/get-started, `api=1&query=`), which the
 * Maps app opens on a phone. Made from the address in the local language, the one the map and the
 * driver read. Pure; the back office and the patient page both use it.
 */
export function mapLink(address: string | null | undefined): string | null {
  const query = address?.replace(/\s+/g, ' ').trim();
  return query
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : null;
}
