import { useId } from 'react';
import type { UiKey } from '~/i18n/ui/ar.ts';

export interface ConsentNoteProps {
  /** The note, with `{privacy}` and `{terms}` where the links go. */
  text: string;
  lang: 'ar' | 'en';
  /** The island's strings; the link words are 'legal.consent.*'. */
  strings: Partial<Record<UiKey, string>>;
}

/**
 * A consent note whose words "privacy policy" and "terms" link to those pages. The links open a new
 * tab so that reading the policy never takes a visitor away from what they typed; screen readers
 * hear that as the links' description, so the note itself reads exactly as worded. Paths are built
 * here rather than with src/i18n/index.ts, which would bring both dictionaries into the island.
 */
export function ConsentNote({ text, lang, strings }: ConsentNoteProps) {
  const hintId = useId();
  const prefix = lang === 'en' ? '/en' : '';
  const links = {
    privacy: { href: `${prefix}/privacy`, label: strings['legal.consent.privacy'] ?? 'privacy' },
    terms: { href: `${prefix}/terms`, label: strings['legal.consent.terms'] ?? 'terms' },
  };
  const newTab = strings['legal.consent.newTab'];
  return (
    <>
      {text.split(/(\{(?:privacy|terms)\})/).map((part, index) => {
        const link = part === '{privacy}' ? links.privacy : part === '{terms}' ? links.terms : null;
        if (!link) return part;
        return (
          <a
            key={index}
            href={link.href}
            target="_blank"
            rel="noopener"
            aria-describedby={newTab ? hintId : undefined}
            className="font-medium text-teal-700 underline underline-offset-2 hover:text-teal-900"
          >
            {link.label}
          </a>
        );
      })}
      {newTab && (
        <span id={hintId} hidden>
          {newTab}
        </span>
      )}
    </>
  );
}
