/**
 * Renders the app icons in public/icons/ from the brand mark (public/favicon.svg) with sharp:
 * "any" icons keep the rounded square; maskable ones put the mark inside the 80% safe zone on a
 * full-bleed brand background, as Android crops them to circles or squircles.
 * Run `node scripts/icons/generate.mjs` after changing the mark; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('public/favicon.svg');
const teal = { r: 15, g: 95, b: 107, alpha: 1 };

for (const size of [192, 512]) {
  await sharp(mark, { density: 72 * (size / 40) })
    .resize(size, size)
    .png()
    .toFile(`public/icons/icon-${size}.png`);
  const inner = Math.round(size * 0.7);
  const markPng = await sharp(mark, { density: 72 * (inner / 40) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: teal } })
    .composite([{ input: markPng, gravity: 'center' }])
    .png()
    .toFile(`public/icons/maskable-${size}.png`);
}
await sharp(mark, { density: 72 * (180 / 40) })
  .resize(180, 180)
  .flatten({ background: teal })
  .png()
  .toFile('public/icons/apple-touch-icon.png');
console.log('wrote public/icons/*.png');
