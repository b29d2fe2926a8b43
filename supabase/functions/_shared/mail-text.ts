/**
 * The rules every mail the functions write shares (the agency's lead mail, the owner's escalation,
 * the patient's mails): what may not reach a mail from stored text, how a value keeps its own
 * direction, HTML escaping, and which addresses are plain enough for a header.
 */

/**
 * Controls and bidi overrides (U+061C, U+200E/F, U+2028/9, U+202A–U+202E, U+2066–U+2069): a
 * stored "Ali\u202Egnp.exe" would display as "Aliexe.png", a line break would start a header.
 */
export const CONTROL_OR_BIDI =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** First-strong isolate … pop: a value keeps its own direction and leaves the sentence's alone. */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/** Stored text for a mail: every control or bidi character a space, trimmed. */
export const clean = (value: unknown) =>
  (value === null || value === undefined ? '' : String(value)).replace(CONTROL_OR_BIDI, ' ').trim();

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain address: no spaces, controls, brackets, quotes or separators a header could misread. */
export const PLAIN_ADDRESS =
  /^[^\s@<>",;:()[\]\\\u0000-\u001f\u007f-\u009f]+@[^\s@<>",;:()[\]\\\u0000-\u001f\u007f-\u009f]+\.[a-z0-9-]{2,}$/i;
