import { describe, expect, it } from 'vitest';
import { keepTogether } from '~/lib/keep-together.ts';

const page = (body: string, head = '<title>All-on-4 | 24–48 ساعة</title>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const kept = (text: string) => `<span class="whitespace-nowrap">${text}</span>`;

describe('keepTogether', () => {
  it('keeps All-on-4 and a range with its unit on one line', () => {
    expect(keepTogether(page('<p>زراعة All-on-4 خلال 24–48 ساعة.</p>'))).toBe(
      page(`<p>زراعة ${kept('All-on-4')} خلال ${kept('24–48 ساعة')}.</p>`),
    );
    expect(keepTogether(page('<li>3,000-5,000 grafts, €1,500 – 2,500</li>'))).toBe(
      page(`<li>${kept('3,000-5,000 grafts')}, €${kept('1,500 – 2,500')}</li>`),
    );
    expect(keepTogether(page('<p>All-on-6 and 60–70% less</p>'))).toBe(
      page(`<p>${kept('All-on-6')} and ${kept('60–70% less')}</p>`),
    );
  });

  it('leaves the head, attributes, scripts and styles alone', () => {
    const body =
      '<a href="/all-on-4" title="All-on-4 in 24–48 hours" data-x="a > 2-3 b">x</a>' +
      '<script>const range = "24-48 hours";</script><style>.a{margin:1-2 x}</style>' +
      '<!-- All-on-4 -->';
    expect(keepTogether(page(body))).toBe(page(body));
  });

  it('leaves the inside of React islands alone, and text after them not', () => {
    const island =
      '<astro-island uid="a" props="{&quot;t&quot;:&quot;24–48 ساعة&quot;}"><p>24–48 ساعة</p>' +
      '<astro-slot><b>All-on-4</b></astro-slot></astro-island>';
    expect(keepTogether(page(`${island}<p>All-on-4</p>`))).toBe(
      page(`${island}<p>${kept('All-on-4')}</p>`),
    );
  });

  it('leaves left-to-right runs (prices, phones) to their components', () => {
    const body = '<p data-price><span dir="ltr">€<b>1,500–2,000</b></span></p><p>3-5 days</p>';
    expect(keepTogether(page(body))).toBe(
      page(
        `<p data-price><span dir="ltr">€<b>1,500–2,000</b></span></p><p>${kept('3-5 days')}</p>`,
      ),
    );
  });

  it('changes nothing without a match or without a body', () => {
    expect(keepTogether(page('<p>Reply within 24 hours</p>'))).toBe(
      page('<p>Reply within 24 hours</p>'),
    );
    expect(keepTogether('All-on-4')).toBe('All-on-4');
  });
  it('turns the hyphen of a range into an en dash on Arabic pages only, never in a date', () => {
    const arabic = (body: string) =>
      `<!doctype html><html lang="ar" dir="rtl"><head></head><body>${body}</body></html>`;
    // «4-6» is one left-to-right number to the bidi algorithm; «4–6» reads right to left.
    expect(keepTogether(arabic('<td>4-6 ساعات</td><p>توفر 60-70% في 2026-05-26</p>'))).toBe(
      arabic(`<td>${kept('4–6 ساعات')}</td><p>توفر ${kept('60–70% في')} ${kept('2026-05')}-26</p>`),
    );
    // English pages and left-to-right runs keep their hyphens.
    expect(keepTogether(page('<p>3-5 days</p>'))).toBe(page(`<p>${kept('3-5 days')}</p>`));
    const phone = '<span dir="ltr">050-123-4567</span>';
    expect(keepTogether(arabic(phone))).toBe(arabic(phone));
  });
});
