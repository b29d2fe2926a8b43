import { describe, expect, it, vi } from 'vitest';
import { DRAWN_EVENT } from '../../src/lib/drawn-event.ts';
import {
  parseStylesheet,
  renderCritical,
  servedSelector,
  usedRules,
} from '../../src/integrations/first-paint/critical.ts';
import { groupPages } from '../../src/integrations/first-paint/index.ts';
import {
  FIRST_SCREEN_MARKER,
  FIRST_SCREEN_MARKER_ELEMENT,
  LATE_AFTER_DRAWN_LOADER,
  LATE_LOADER,
  rewritePage,
} from '../../src/integrations/first-paint/page.ts';

/** The critical CSS of `html` from `css` (src/integrations/first-paint/critical.ts). */
const critical = (html: string, css: string) => {
  const sheet = parseStylesheet(css);
  return renderCritical(sheet, usedRules(sheet, html));
};

describe('the critical stylesheet of a page', () => {
  const css = [
    ':root,:host{--color-teal:#0f5f6b;--color-sand:#fbf8f3;--unused:1px;--shadow:0 1px var(--color-teal)}',
    '@property --tw-shadow{syntax:"*";inherits:false}',
    '@property --tw-unused{syntax:"*";inherits:false}',
    '.card{box-shadow:var(--shadow);--tw-shadow:1}',
    '.btn:hover{color:var(--color-sand)}',
    '.hidden-thing{display:none}',
    '.field::placeholder{color:gray}',
    '@media (min-width:40rem){.card{padding:2rem}.other{margin:0}}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
    '@keyframes unused{to{opacity:0}}',
    '.spinner{animation:spin 1s linear infinite}',
    '@font-face{font-family:Plex;src:url(/plex.woff2)}',
    'html:lang(en){font-family:Inter}',
  ].join('');
  const html =
    '<html lang="ar"><body><div class="card"><input class="field"><b class="btn spinner">x</b></div></body></html>';
  const out = critical(html, css);

  it('keeps the rules that match the page as served, with their media queries', () => {
    expect(out).toContain('.card{box-shadow:var(--shadow)');
    expect(out).toContain('@media (min-width:40rem){.card{padding:2rem}}');
    expect(out).toContain('.field::placeholder');
    expect(out).not.toContain('.hidden-thing');
    expect(out).not.toContain('.other');
    // Another language's rule does not match this page.
    expect(out).not.toContain('html:lang(en)');
  });

  it('leaves states a visitor causes later to the full stylesheet', () => {
    expect(out).not.toContain(':hover');
  });

  it('keeps only the custom properties, @property rules and keyframes the kept rules use', () => {
    expect(out).toContain('--shadow:0 1px var(--color-teal)');
    // Reached through --shadow.
    expect(out).toContain('--color-teal:#0f5f6b');
    expect(out).not.toContain('--unused');
    // Used only by the :hover rule, which is not kept.
    expect(out).not.toContain('--color-sand');
    expect(out).toContain('@property --tw-shadow');
    expect(out).not.toContain('--tw-unused');
    expect(out).toContain('@keyframes spin');
    expect(out).not.toContain('@keyframes unused');
    expect(out).toContain('@font-face');
  });

  it('reads selectors the way the served page can match them', () => {
    expect(servedSelector('.a:hover .b')).toBeNull();
    expect(servedSelector('.group:focus-within .x')).toBeNull();
    expect(servedSelector('.group-hover\\:x:is(:where(.group):hover *)')).toBeNull();
    expect(servedSelector('.a::before')).toBe('.a');
    expect(servedSelector('.a:not(.b):first-child')).toBe('.a:not(.b):first-child');
    expect(servedSelector('::backdrop')).toBe('*');
    expect(servedSelector('.hover\\:bg-teal:hover')).toBeNull();
    expect(servedSelector('[data-x=":hover"]')).toBe('[data-x=":hover"]');
  });
});

describe('grouping pages under one inline style', () => {
  const sizes = [100, 100, 100, 5000];
  it('shares a style between pages that differ by little, never by much', () => {
    const pages = [
      { name: 'a', used: new Set([0, 1]) },
      { name: 'b', used: new Set([0, 2]) },
      { name: 'c', used: new Set([0, 3]) },
    ];
    const groups = groupPages(pages, (rule) => sizes[rule]!, 250);
    const names = groups.map((group) =>
      group.pages
        .map((page) => page.name)
        .sort()
        .join(''),
    );
    expect(names.sort()).toEqual(['ab', 'c']);
    // Every page inlines at least its own rules.
    for (const group of groups)
      for (const page of group.pages)
        for (const rule of page.used) expect(group.used).toContain(rule);
  });
});

describe('a page rewritten for its first paint', () => {
  const page =
    '<!doctype html><html><head><title>t</title><link rel="stylesheet" href="/_astro/global.X.css"></head>' +
    '<body class="b"><header>h</header><main id="main"><section><h1>Title</h1></section><section>more</section></main>' +
    '<script type="module" src="/_astro/a.js"></script><script type="module" src="/_astro/b.js"></script></body></html>';
  const out = rewritePage(page, '.b{color:red}');

  it('inlines the critical style instead of the stylesheet link, with a no-script link', () => {
    expect(out).toContain('<style>.b{color:red}</style>');
    // The only link left is the no-script one.
    expect(out.split('<link rel="stylesheet"')).toHaveLength(2);
    expect(out).toContain(
      '<noscript><link rel="stylesheet" href="/_astro/global.X.css"></noscript>',
    );
  });

  it('requests the full stylesheet and the module scripts after the first paint', () => {
    expect(out).not.toContain('<script type="module" src=');
    expect(out).toContain(
      '<body class="b" data-late-css="/_astro/global.X.css" data-late-modules="/_astro/a.js /_astro/b.js">',
    );
    expect(out).toContain(`<script>${LATE_LOADER}</script></body>`);
  });

  it('leaves the module scripts in place on a page whose script draws its main content', () => {
    const modules: Record<string, string> = {
      '/_astro/a.js':
        'import{x as e}from"./shared.js";import"./side.js";const l=()=>import("./later.js");',
      '/_astro/b.js': 'import{y}from"./shared.js";',
      '/_astro/shared.js': 'import{z}from"../_astro/deep.js";export const x=1,y=2;',
      '/_astro/side.js': '',
      '/_astro/deep.js': 'export const z=3;',
    };
    const eager = rewritePage(page, '.b{color:red}', { read: (src) => modules[src] ?? '' });
    expect(eager).toContain(
      '<script type="module" src="/_astro/a.js"></script><script type="module" src="/_astro/b.js"></script>',
    );
    expect(eager).toContain('<body class="b" data-late-css="/_astro/global.X.css">');
    // Their static imports, however deep, are requested with the page; a dynamic import is not.
    expect(eager).toContain(
      '<style>.b{color:red}</style><link rel="modulepreload" href="/_astro/shared.js">' +
        '<link rel="modulepreload" href="/_astro/deep.js"><link rel="modulepreload" href="/_astro/side.js">',
    );
    expect(eager).not.toContain('later.js');
    // Its full stylesheet waits until the script has drawn the page (or 5 s).
    expect(eager).toContain(`<script>${LATE_AFTER_DRAWN_LOADER}</script></body>`);
    expect(eager).not.toContain(`<script>${LATE_LOADER}</script>`);
  });

  it('announces the page’s own script (in <main>) in the head, not the layout’s', () => {
    const modules: Record<string, string> = { '/_astro/own.js': 'import"./dep.js";' };
    const drawn = page.replace(
      '<section>more</section></main>',
      '<section>more</section><script type="module" src="/_astro/own.js"></script></main>',
    );
    const eager = rewritePage(drawn, '', { read: (src) => modules[src] ?? '' });
    expect(eager).toContain(
      '<link rel="modulepreload" href="/_astro/own.js"><link rel="modulepreload" href="/_astro/dep.js">',
    );
    expect(eager).not.toContain('<link rel="modulepreload" href="/_astro/a.js">');
    // Every script stays where it was.
    expect(eager).toContain('<script type="module" src="/_astro/own.js"></script></main>');
    expect(eager).toContain('<script type="module" src="/_astro/a.js"></script>');
  });

  it('loads the late stylesheet once the page says it is drawn, or after 5 s, once', async () => {
    const appended: string[] = [];
    const document = Object.assign(new EventTarget(), {
      body: { dataset: { lateCss: '/_astro/global.X.css' } },
      head: { append: (element: { href: string }) => appended.push(element.href) },
      createElement: () => ({}) as { href: string },
    });
    vi.useFakeTimers();
    try {
      new Function('document', 'setTimeout', LATE_AFTER_DRAWN_LOADER)(document, setTimeout);
      expect(appended).toEqual([]);
      document.dispatchEvent(new Event(DRAWN_EVENT));
      expect(appended).toEqual(['/_astro/global.X.css']);
      vi.advanceTimersByTime(5_000);
      expect(appended).toEqual(['/_astro/global.X.css']);
      const late = Object.assign(new EventTarget(), { ...document });
      appended.length = 0;
      new Function('document', 'setTimeout', LATE_AFTER_DRAWN_LOADER)(late, setTimeout);
      vi.advanceTimersByTime(4_999);
      expect(appended).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(appended).toEqual(['/_astro/global.X.css']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds rendering until the first section is parsed', () => {
    expect(out).toContain(`<link rel="expect" href="#${FIRST_SCREEN_MARKER}" blocking="render">`);
    expect(out).toContain(`</section><i id="${FIRST_SCREEN_MARKER}" hidden></i><section>more`);
  });

  it('keeps a marker the page placed itself, and adds no other', () => {
    const own = rewritePage(
      page.replace('<h1>Title</h1>', `<h1>Title</h1>${FIRST_SCREEN_MARKER_ELEMENT}`),
      '.b{color:red}',
    );
    expect(own).toContain(`<link rel="expect" href="#${FIRST_SCREEN_MARKER}" blocking="render">`);
    expect(own).toContain(`<h1>Title</h1>${FIRST_SCREEN_MARKER_ELEMENT}</section><section>more`);
    expect(own.split(FIRST_SCREEN_MARKER_ELEMENT)).toHaveLength(2);
  });

  it('never puts the marker inside an island, whose server HTML React must find unchanged', () => {
    const island =
      '<astro-island uid="a"><div><section>steps</section><a href="/">home</a></div></astro-island>';
    const withIsland = rewritePage(
      page.replace('<section><h1>Title</h1></section>', `<h1>Title</h1>${island}`),
      '.b{color:red}',
    );
    expect(withIsland).toContain(
      `${island}<i id="${FIRST_SCREEN_MARKER}" hidden></i><section>more`,
    );
    // An island after the first section is left alone, and the marker stays where it was.
    const after = rewritePage(page.replace('<section>more', `${island}<section>more`), '');
    expect(after).toContain(`</h1></section><i id="${FIRST_SCREEN_MARKER}" hidden></i>${island}`);
  });
});
