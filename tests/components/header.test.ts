import { describe, expect, it } from 'vitest';
import Header from '../../src/components/sections/Header.astro';
import { container } from './container.ts';

const links = ['home', 'services', 'blog', 'destinations', 'why-us', 'contact'].map((id) => ({
  href: `#${id}`,
  label: id,
}));
const props = (lang: 'ar' | 'en') => ({
  brand: 'Rihla',
  homeHref: lang === 'ar' ? '/' : '/en/',
  links,
  cta: { href: '#contact', label: 'cta' },
  alternate:
    lang === 'ar'
      ? { href: '/en/', lang: 'en' as const, label: 'English', title: 'to English' }
      : { href: '/', lang: 'ar' as const, label: 'العربية', title: 'to Arabic' },
  strings: {
    navLabel: 'Main navigation',
    menu: 'Menu',
    menuOpen: 'Open menu',
    menuClose: 'Close menu',
    logoHome: 'Home',
  },
  storageKey: 'rihla:lang',
});

const render = async (lang: 'ar' | 'en') => {
  return (await container()).renderToString(Header, { props: props(lang) });
};

describe('Header.astro', () => {
  it('works as plain HTML: both navigations list every link, the menu is a <details>', async () => {
    const html = await render('ar');
    expect(html.match(/<a href="#services"/g)).toHaveLength(2);
    expect(html).toMatch(/<details[^>]*data-header-menu/);
    expect(html).toContain('aria-label="Main navigation"');
    expect(html).toMatch(/<nav aria-label="Menu"/);
    // The menu button names what it does; src/scripts/header.ts swaps the label when it opens.
    expect(html).toMatch(
      /<summary aria-label="Open menu" data-label-open="Open menu" data-label-close="Close menu"/,
    );
    // The links inside the menu close it when followed (header.ts).
    expect(html.match(/data-close-menu/g)).toHaveLength(links.length + 1);
  });

  it('offers the other language in that language, and remembers the choice', async () => {
    const html = await render('ar');
    expect(html).toMatch(
      /<a href="\/en\/" hreflang="en" lang="en" title="to English" data-remember-language="en" data-storage-key="rihla:lang"/,
    );
    // The Arabic word on an English page uses the phone's Arabic font, not a 40 KB web font.
    const english = await render('en');
    expect(english).toMatch(
      /data-remember-language="ar"[^>]*class="[^"]*font-\[system-ui,sans-serif\]/,
    );
    expect(html).not.toContain('font-[system-ui');
  });

  it('starts shown, ready for the scroll behaviour to hide it', async () => {
    expect(await render('en')).toMatch(/<header data-site-header data-hidden="false"/);
  });
});
