import type { APIRoute } from 'astro';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { articleSlug, articlesIn, type Article } from '~/content.ts';
import { languages } from '~/i18n/index.ts';

/**
 * An Open Graph image per article (1200×630 PNG), made at build time from the article's
 * illustration on the brand's teal with the logo mark: distinct per article, no text to shape.
 */
export function getStaticPaths() {
  return languages.flatMap((lang) =>
    articlesIn(lang).map((article) => ({
      params: { lang, slug: articleSlug(article) },
      props: { article },
    })),
  );
}

const mark = readFileSync('public/favicon.svg');

export const GET: APIRoute = async ({ props }) => {
  const { article } = props as { article: Article };
  const art = readFileSync(`src/assets/illustrations/${article.data.image}.svg`);
  const picture = await sharp(art, { density: 200 }).resize(840, 560).png().toBuffer();
  const logo = await sharp(mark, { density: 400 }).resize(120, 120).png().toBuffer();
  const image = await sharp({
    create: { width: 1200, height: 630, channels: 4, background: '#0b3b45' },
  })
    .composite([
      { input: picture, top: 35, left: 300 },
      { input: logo, top: 40, left: 60 },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(image), { headers: { 'Content-Type': 'image/png' } });
};
