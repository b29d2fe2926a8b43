import { describe, expect, it } from 'vitest';
import { shortcutOf } from '~/islands/admin/work/useShortcuts.ts';

/** The dashboard's shortcuts go by physical key, so the Arabic layout works like the English one. */
describe('shortcuts by physical key', () => {
  it('reads the same key in the English and the Arabic layout', () => {
    expect(shortcutOf({ code: 'Slash', key: '/', shiftKey: false })).toBe('search');
    expect(shortcutOf({ code: 'Slash', key: 'ظ', shiftKey: false })).toBe('search');
    expect(shortcutOf({ code: 'KeyJ', key: 'j', shiftKey: false })).toBe('next');
    expect(shortcutOf({ code: 'KeyJ', key: 'ت', shiftKey: false })).toBe('next');
    expect(shortcutOf({ code: 'KeyK', key: 'ن', shiftKey: false })).toBe('previous');
    expect(shortcutOf({ code: 'Slash', key: '؟', shiftKey: true })).toBe('help');
    expect(shortcutOf({ code: 'Slash', key: '?', shiftKey: true })).toBe('help');
  });

  it('ignores other keys, and falls back to the character only without a physical key', () => {
    expect(shortcutOf({ code: 'KeyT', key: 'j', shiftKey: false })).toBeNull();
    expect(shortcutOf({ code: 'KeyA', key: 'ش', shiftKey: false })).toBeNull();
    expect(shortcutOf({ code: '', key: '/', shiftKey: false })).toBe('search');
    expect(shortcutOf({ code: '', key: '؟', shiftKey: false })).toBe('help');
    expect(shortcutOf({ code: '', key: 'ت', shiftKey: false })).toBeNull();
  });
});
