import { describe, expect, it } from 'vitest';
import { attributeText, moveLateStrings } from '../../src/integrations/late-strings.ts';

describe('the late parts’ texts (src/integrations/late-strings.ts)', () => {
  it('moves each late part’s texts into a file named by its content, once per content', () => {
    const texts = { 'trip.title': 'خطة رحلتك', 'trip.quote': 'say "yes" & <go>' };
    const attribute = JSON.stringify(texts)
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll('<', '&lt;');
    const html = `<section data-trip data-strings-late="${attribute}" hidden></section><div data-strings-late="${attribute}"></div><i data-strings="{}"></i>`;
    const written = new Map<string, string>();
    const out = moveLateStrings(html, (name, json) => written.set(name, json));
    expect(written.size).toBe(1);
    const [name = '', json = ''] = [...written][0] ?? [];
    expect(name).toMatch(/^strings\.[\w-]{10}\.json$/);
    expect(JSON.parse(json)).toEqual(texts);
    expect(out).toBe(
      `<section data-trip data-strings-src="/_astro/${name}" hidden></section><div data-strings-src="/_astro/${name}"></div><i data-strings="{}"></i>`,
    );
  });

  it('reads attribute entities as the browser does, and fails the build on texts that are not JSON', () => {
    expect(attributeText('&quot;a&quot; &amp;amp; &#39;b&#39; &lt;i&gt;')).toBe(
      `"a" &amp; 'b' <i>`,
    );
    expect(() => moveLateStrings('<p data-strings-late="{oops"></p>', () => {})).toThrow();
  });
});
