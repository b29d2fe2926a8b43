/**
 * Message templates' variables (issue 32): what each `{variable}` of a template becomes for one
 * request, and why one cannot be filled. The database keeps the names a template may use
 * (private.message_template_variables) and refuses others; this registry fills them. A feature
 * that can fill a new variable inserts its row there and adds its entry here with
 * `registerTemplateVariable`. Pure, unit-tested in tests/unit/admin-messages.test.ts.
 */
import type { AdminKey } from '../strings.ts';
import type { TripPlan } from '../trip.ts';
import { treatmentName } from './treatments.ts';
import { tripTemplateVariables } from './trip-variables.ts';

/** What the database and the browser know about a request when a message is written. */
export interface MessageContext {
  /** The patient's first name. */
  name: string | null;
  /** contact_requests.service. */
  treatment: string | null;
  reference: string | null;
  language: 'ar' | 'en';
  /** The assignee's display name (else username); null while unassigned. */
  manager: string | null;
  /** A link to the patient's page issued in this browser just now; only its hash is stored. */
  pageLink: string | null;
  /** How many of the request's quotes were sent (issue 31). */
  quotesSent: number;
  /** The request's trip plan (issue 44), when there is one: ./trip-variables.ts fills from it. */
  trip?: TripPlan | null;
}

export interface TemplateVariable {
  /** The value for this request, or null when it cannot be filled. */
  fill(context: MessageContext): string | null;
  /** Why it cannot be filled, for the coordinator (`{variable}` is the variable's name). */
  missing: AdminKey | ((context: MessageContext) => AdminKey);
}

const registry = new Map<string, TemplateVariable>([
  ['name', { fill: (c) => c.name, missing: 'admin.contact.missing.name' }],
  [
    'treatment',
    {
      fill: (c) => treatmentName(c.treatment, c.language),
      missing: 'admin.contact.missing.treatment',
    },
  ],
  ['manager', { fill: (c) => c.manager, missing: 'admin.contact.missing.manager' }],
  ['reference', { fill: (c) => c.reference, missing: 'admin.contact.missing.reference' }],
  ['page_link', { fill: (c) => c.pageLink, missing: 'admin.contact.missing.pageLink' }],
  // The patient's page, where the sent quotes are compared (issue 31): only once one was sent.
  [
    'quote_link',
    {
      fill: (c) => (c.quotesSent > 0 ? c.pageLink : null),
      missing: (c) =>
        c.quotesSent > 0 ? 'admin.contact.missing.pageLink' : 'admin.contact.missing.quoteNone',
    },
  ],
  ...tripTemplateVariables,
]);

/** Adds (or replaces) the filler of a variable. */
export function registerTemplateVariable(name: string, variable: TemplateVariable): void {
  registry.set(name, variable);
}

/** The variables this browser can fill, in the order the editor offers them. */
export function knownTemplateVariables(): string[] {
  return [...registry.keys()];
}

const VARIABLE = /\{([^{}\s]*)\}/g;

/** The variables a text names, each once, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1] ?? ''))];
}

/** Control and bidi characters never reach a chat from a stored value (a name typed by anyone). */
const CONTROL_OR_BIDI =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const clean = (value: string) => value.replace(CONTROL_OR_BIDI, ' ').replace(/\s+/g, ' ').trim();

export interface Rendered {
  /** The text with every variable it could fill filled. */
  text: string;
  /** The variables it could not fill, with why (an AdminKey); empty when it can be sent. */
  missing: { variable: string; reason: AdminKey }[];
}

/** Fills a template's text for one request. */
export function renderTemplate(body: string, context: MessageContext): Rendered {
  const missing: Rendered['missing'] = [];
  for (const variable of variablesIn(body)) {
    const spec = registry.get(variable);
    const value = spec?.fill(context);
    if (!spec || !value || !clean(value)) {
      const reason = typeof spec?.missing === 'function' ? spec.missing(context) : spec?.missing;
      missing.push({ variable, reason: reason ?? 'admin.contact.missing.unknown' });
    }
  }
  const text = body.replace(VARIABLE, (whole, variable: string) => {
    const value = registry.get(variable)?.fill(context);
    return value && clean(value) ? clean(value) : whole;
  });
  return { text, missing };
}
