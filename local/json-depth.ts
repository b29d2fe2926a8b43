/**
 * Nesting limit for JSON request bodies. PostgreSQL parses json/jsonb recursively and stops a too
 * deep document with "stack depth limit exceeded" (SQLSTATE 54001), which reached clients as a 500;
 * the app never sends more than 3 levels. Bodies nested deeper than this are refused up front with
 * a 400 instead, by a scan that does not recurse itself.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped, escapes honoured). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return deepest;
}
