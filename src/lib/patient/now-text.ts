/**
 * The words of "what now" (issue 43): the sentence and the button's label for a state
 * (./steps.ts nextAction), from the "what now" strings (src/i18n/ui/patient-now-*.ts). The
 * patient's page and the staff's panel both call this, so staff read what the patient reads.
 */
import { fill } from '~/i18n/fill.ts';
import type { NextAction } from './steps.ts';

export interface NowWords {
  lang: 'ar' | 'en';
  /** The "what now" strings, by key. */
  strings: Readonly<Record<string, string>>;
  /** The manager's name, or null (the words for one are used). */
  manager: string | null;
  /** A slot's name («الجبهة وخط الشعر»). */
  slotName(slot: string): string;
  /** A time, as the page writes it. */
  formatTime(iso: string): string;
}

export function nowText(action: NextAction, words: NowWords): { sentence: string; button: string } {
  const { lang, strings } = words;
  const text = (key: string) => strings[key] ?? key;
  const name = words.manager ?? text('patient.nowManager');
  const locale = lang === 'ar' ? 'ar' : 'en';
  const sentence = fill(
    text(`patient.now.${action.key}`),
    {
      name,
      count: action.count ?? 0,
      // In English the slots' names are headings («Front and hairline»), listed mid-sentence.
      list: (action.slots ?? [])
        .map(words.slotName)
        .map((slot) => (lang === 'en' ? slot.charAt(0).toLowerCase() + slot.slice(1) : slot))
        .join(lang === 'ar' ? '، ' : ', '),
      date: action.due ? words.formatTime(action.due) : '',
      clinic: action.clinic?.[lang] ?? '',
    },
    locale,
  );
  const button =
    action.button.kind === 'section'
      ? text(`patient.button.${action.key}`)
      : action.key === 'aftercare'
        ? text('patient.button.aftercare')
        : action.button.toManager
          ? fill(text('patient.button.chatManager'), { name }, locale)
          : text('patient.button.chatUs');
  return { sentence, button };
}
