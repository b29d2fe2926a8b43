import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { minifyInlineScripts, minifyScript } from '../../src/integrations/inline-scripts.ts';

const classic = `
  // Keeps the first query of the visit (a comment a visitor need not download).
  {
    const key = 'rihla:attribution';
    const seen = [];
    for (const part of ['?utm_source=x', '?b']) {
      if (!seen.length) seen.push(part);
    }
    globalThis.result = key + ' ' + seen.join(',');
  }
`;

describe('inline scripts minified after the build (src/integrations/inline-scripts.ts)', () => {
  it('minifies a classic script: shorter, no comments, the same result when run', () => {
    const minified = minifyScript(classic);
    expect(minified.length).toBeLessThan(classic.length / 2);
    expect(minified).not.toContain('comment');
    const before: { result?: string } = {};
    const after: { result?: string } = {};
    runInNewContext(classic, before);
    runInNewContext(minified, after);
    expect(after.result).toBe('rihla:attribution ?utm_source=x');
    expect(after.result).toBe(before.result);
  });

  it('keeps top-level names of a classic script (other scripts of the page may use them)', () => {
    const minified = minifyScript('var shared = 1; function later() { return shared + 1; }');
    const context: { shared?: number; later?: () => number } = {};
    runInNewContext(minified, context);
    expect(context.later?.()).toBe(2);
  });

  it('leaves data blocks, module scripts and external scripts as they are', () => {
    const page = [
      '<script type="application/ld+json">{ "@context": "https://schema.org",  "name": "x" }</script>',
      '<script type="module">  const a = 1;  export {};  </script>',
      '<script src="/sw-register.js"></script>',
      '<script>\n  // a comment\n  globalThis.x = 1 + 2;\n</script>',
    ].join('');
    const out = minifyInlineScripts(page);
    expect(out).toContain('{ "@context": "https://schema.org",  "name": "x" }');
    expect(out).toContain('<script type="module">  const a = 1;  export {};  </script>');
    expect(out).toContain('<script src="/sw-register.js"></script>');
    expect(out).toMatch(/<script>globalThis\.x=3;?<\/script>$/);
  });

  it('never writes markup into a script', () => {
    const code = "document.title = '<\\/script>' + 1;";
    const out = minifyInlineScripts(`<p></p><script>${code}</script>`);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).toContain('<\\/script>1');
  });

  it('fails the build on a script it cannot parse', () => {
    expect(() => minifyInlineScripts('<script>const = ;</script>', 'broken.html')).toThrow(
      /broken\.html/,
    );
  });
});
