/**
 * Generates the flat brand illustrations in src/assets/illustrations/ from simple shapes and lucide
 * icons, in the palette of src/styles/global.css. Run `node scripts/illustrations/generate.mjs
 * [--force]`; without --force, files that already exist (hand-drawn ones) are kept.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as icons from 'lucide-react';

const out = 'src/assets/illustrations';
const force = process.argv.includes('--force');
const c = {
  deep: '#0b3b45',
  teal: '#0f5f6b',
  sea: '#1f8a8a',
  mint: '#d9efec',
  sandLight: '#fbf8f3',
  sand: '#f3ece1',
  sandDark: '#e6d6bd',
  saffron: '#e0a040',
  coral: '#e26d5a',
  white: '#ffffff',
  ink: '#12262e',
};

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="480" height="320">${body}</svg>\n`;

/** Inner markup of a lucide icon (24×24 grid). */
function iconInner(name) {
  const markup = renderToStaticMarkup(createElement(icons[name], { size: 24 }));
  return markup.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
}

const custom = {
  hair: '<path d="M5 14a7 7 0 0 1 14 0v3a4 4 0 0 1-4 4H9a4 4 0 0 1-4-4z"/><path d="M8 9.5V6M12 8V3.5M16 9.5V6M10 8.5V5M14 8.5V5"/>',
  tooth:
    '<path d="M7.5 3C5 3 3.5 5 3.5 7.5c0 2 .8 3.4 1.5 5 .8 1.9.9 4 1.3 6 .3 1.6 1 2.5 2 2.5 1.3 0 1.6-1.6 1.9-3.2.3-1.4.8-2.8 1.8-2.8s1.5 1.4 1.8 2.8c.3 1.6.6 3.2 1.9 3.2 1 0 1.7-.9 2-2.5.4-2 .5-4.1 1.3-6 .7-1.6 1.5-3 1.5-5C20.5 5 19 3 16.5 3c-1.9 0-2.8 1-4.5 1S9.4 3 7.5 3z"/>',
};

/** Shared backdrop: sand, a mint disc, a dotted journey arc and a few accent dots. */
const backdrop = `<rect width="480" height="320" fill="${c.sandLight}"/>
<circle cx="240" cy="168" r="122" fill="${c.mint}"/>
<path d="M62 258C120 120 360 60 420 96" fill="none" stroke="${c.sea}" stroke-width="3" stroke-linecap="round" stroke-dasharray="1 10"/>
<circle cx="104" cy="74" r="7" fill="${c.saffron}"/><circle cx="392" cy="252" r="6" fill="${c.coral}"/>
<circle cx="420" cy="150" r="4" fill="${c.sea}"/><circle cx="70" cy="170" r="4" fill="${c.coral}"/>`;

function serviceArt(iconMarkup, accent = c.saffron) {
  return svg(`${backdrop}
<rect x="172" y="104" width="150" height="150" rx="38" fill="${c.teal}" opacity=".12"/>
<rect x="164" y="92" width="150" height="150" rx="38" fill="${c.white}"/>
<g transform="translate(191 119) scale(4)" fill="none" stroke="${c.teal}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${iconMarkup}</g>
<circle cx="310" cy="98" r="20" fill="${accent}"/>
<path d="M310 88v20M300 98h20" stroke="${c.white}" stroke-width="5" stroke-linecap="round"/>`);
}

const services = {
  'service-hair': custom.hair,
  'service-dental': custom.tooth,
  'service-hollywood': iconInner('Smile'),
  'service-cosmetic': iconInner('Sparkles'),
  'service-bariatric': iconInner('Scale'),
  'service-rhinoplasty': iconInner('ScanFace'),
  'service-liposuction': iconInner('PersonStanding'),
  'service-facelift': iconInner('SmilePlus'),
  'service-lasik': iconInner('Eye'),
  'service-orthopedic': iconInner('Bone'),
  'service-ivf': iconInner('Baby'),
  'service-checkup': iconInner('Stethoscope'),
};

/** Sky, sun and ground shared by the landmark scenes; `water` adds a sea band. */
function scene(body, { water = false, sky = c.mint, sun = c.saffron } = {}) {
  return svg(`<rect width="480" height="320" fill="${sky}"/>
<circle cx="360" cy="86" r="34" fill="${sun}" opacity=".9"/>
<circle cx="96" cy="70" r="5" fill="${c.white}"/><circle cx="150" cy="48" r="3" fill="${c.white}"/>
${water ? `<rect y="236" width="480" height="84" fill="${c.sea}"/><path d="M40 262h60M170 282h80M320 266h70M120 300h50" stroke="${c.mint}" stroke-width="3" stroke-linecap="round" opacity=".7"/>` : `<rect y="250" width="480" height="70" fill="${c.sandDark}"/>`}
${body}`);
}

const dome = (x, y, r, fill) =>
  `<path d="M${x - r} ${y}a${r} ${r} 0 0 1 ${2 * r} 0z" fill="${fill}"/><rect x="${x - 1.5}" y="${y - r - 10}" width="3" height="10" fill="${fill}"/>`;
const minaret = (x, base, height, fill) =>
  `<rect x="${x - 5}" y="${base - height}" width="10" height="${height}" fill="${fill}"/><path d="M${x - 6} ${base - height}l6-22 6 22z" fill="${fill}"/><rect x="${x - 8}" y="${base - height * 0.7}" width="16" height="4" rx="2" fill="${fill}"/>`;

const destinations = {
  'destination-turkey': scene(
    `${minaret(128, 238, 120, c.deep)}${minaret(352, 238, 120, c.deep)}
<rect x="150" y="178" width="180" height="60" fill="${c.teal}"/>${dome(240, 178, 58, c.teal)}${dome(176, 184, 22, c.teal)}${dome(304, 184, 22, c.teal)}
<path d="M0 236h480" stroke="${c.deep}" stroke-width="4"/><path d="M20 226C90 170 160 170 230 226M250 226C320 170 390 170 460 226" fill="none" stroke="${c.white}" stroke-width="3"/>`,
    { water: true },
  ),
  'destination-romania':
    scene(`<path d="M-10 250 110 120 200 210 290 100 410 250z" fill="${c.teal}"/><path d="M250 150 290 100 330 150 310 140 290 150 270 140z" fill="${c.white}"/>
<path d="M90 140 110 120 130 140z" fill="${c.white}"/>
<rect x="322" y="170" width="70" height="80" fill="${c.sand}"/><rect x="312" y="150" width="24" height="100" fill="${c.sand}"/><rect x="378" y="160" width="24" height="90" fill="${c.sand}"/>
<path d="M308 150l16-34 16 34zM374 160l16-30 16 30z" fill="${c.coral}"/><rect x="348" y="214" width="18" height="36" rx="9" fill="${c.deep}"/>`),
  'destination-lebanon': scene(
    `<path d="M300 236c10-60 30-90 70-96 30 8 44 40 48 96z" fill="${c.sandDark}"/><path d="M352 236c0-30 8-44 22-44s22 14 22 44z" fill="${c.sea}"/>
<rect x="142" y="170" width="16" height="68" fill="${c.deep}"/>
<path d="M70 182h160l-30-26h-100zM86 154h128l-28-24h-72zM104 128h92l-24-24h-44zM124 102h52l-26-30z" fill="${c.teal}"/>`,
    { water: true },
  ),
  'destination-syria': scene(`<rect x="60" y="186" width="300" height="64" fill="${c.sand}"/>
${[80, 140, 200, 260, 320].map((x) => `<path d="M${x} 250v-34a20 20 0 0 1 40 0v34z" fill="${c.teal}"/>`).join('')}
<rect x="380" y="90" width="34" height="160" fill="${c.deep}"/><rect x="374" y="128" width="46" height="6" fill="${c.deep}"/>
<path d="M380 90l17-40 17 40z" fill="${c.deep}"/>${dome(210, 186, 40, c.teal)}`),
  'destination-croatia': scene(
    `<rect x="40" y="170" width="400" height="70" fill="${c.sandDark}"/>
${[40, 70, 100, 130, 160, 190, 220, 250, 280, 310, 340, 370, 400].map((x) => `<rect x="${x}" y="160" width="18" height="12" fill="${c.sandDark}"/>`).join('')}
${[70, 150, 230, 310].map((x) => `<rect x="${x}" y="120" width="60" height="42" fill="${c.sand}"/><path d="M${x - 6} 120l36-28 36 28z" fill="${c.coral}"/>`).join('')}
<rect x="390" y="96" width="34" height="78" fill="${c.sand}"/><path d="M386 96l21-26 21 26z" fill="${c.coral}"/>`,
    { water: true },
  ),
  'destination-moldova':
    scene(`<ellipse cx="120" cy="262" rx="200" ry="60" fill="${c.teal}"/><ellipse cx="380" cy="270" rx="200" ry="56" fill="${c.sea}"/>
${[220, 236, 252, 268].map((y, i) => `<path d="M${30 + i * 10} ${y}h${200 - i * 20}" stroke="${c.mint}" stroke-width="3" stroke-dasharray="6 10" stroke-linecap="round"/>`).join('')}
<rect x="330" y="120" width="40" height="110" fill="${c.white}"/><rect x="342" y="150" width="16" height="24" rx="8" fill="${c.teal}"/>
${dome(350, 120, 20, c.saffron)}<rect x="314" y="200" width="72" height="30" fill="${c.white}"/>`),
  'destination-egypt': scene(
    `<path d="M60 236 150 110 240 236z" fill="${c.saffron}"/><path d="M150 110 240 236h-60z" fill="${c.sandDark}" opacity=".6"/>
<path d="M200 236 280 130 360 236z" fill="${c.sandDark}"/><path d="M330 236 380 170 430 236z" fill="${c.saffron}"/>
<path d="M150 300h70l-10 12h-50z" fill="${c.deep}"/><path d="M186 298V226l34 60z" fill="${c.white}"/>`,
    { water: true },
  ),
  'destination-jordan':
    scene(`<rect x="60" y="60" width="360" height="190" rx="18" fill="${c.coral}" opacity=".85"/>
<rect x="150" y="150" width="180" height="100" fill="${c.sandDark}"/><path d="M140 150h200l-100-40z" fill="${c.sandDark}"/>
${[166, 206, 262, 302].map((x) => `<rect x="${x}" y="160" width="12" height="90" fill="${c.sand}"/>`).join('')}
<rect x="226" y="196" width="28" height="54" fill="${c.deep}"/><rect x="216" y="70" width="48" height="40" fill="${c.sandDark}"/>`),
  'destination-thailand': scene(`<rect x="170" y="190" width="140" height="60" fill="${c.white}"/>
<path d="M150 194h180l-30-36H180z" fill="${c.coral}"/><path d="M176 158h128l-26-32h-76z" fill="${c.saffron}"/><path d="M202 126h76l-20-28h-36z" fill="${c.coral}"/>
<path d="M240 98V60" stroke="${c.saffron}" stroke-width="4" stroke-linecap="round"/><rect x="226" y="212" width="28" height="38" rx="14" fill="${c.teal}"/>
<path d="M390 250c-6-50 0-90 8-120" fill="none" stroke="${c.deep}" stroke-width="8" stroke-linecap="round"/>
<path d="M398 130c-30-6-50 4-60 20 24-10 44-8 60-20zM398 130c30-8 52 0 64 14-26-6-46-4-64-14zM398 130c-8-26-2-44 10-56 0 22-4 40-10 56zM398 130c20-20 40-24 56-20-22 4-40 12-56 20z" fill="${c.teal}"/>`),
};

const person = (x, y, { body = c.teal, hijab = false } = {}) =>
  `<rect x="${x - 26}" y="${y}" width="52" height="80" rx="24" fill="${body}"/>${
    hijab
      ? `<circle cx="${x}" cy="${y - 20}" r="24" fill="${c.coral}"/><circle cx="${x}" cy="${y - 18}" r="15" fill="${c.sandDark}"/>`
      : `<circle cx="${x}" cy="${y - 18}" r="18" fill="${c.sandDark}"/><path d="M${x - 18} ${y - 22}a18 18 0 0 1 36 0c-6-6-30-6-36 0z" fill="${c.ink}"/>`
  }`;

const gallery = {
  'gallery-istanbul-skyline': scene(
    `${minaret(104, 238, 110, c.deep)}${minaret(190, 238, 86, c.deep)}${minaret(290, 238, 86, c.deep)}${minaret(376, 238, 110, c.deep)}
<rect x="120" y="186" width="240" height="52" fill="${c.deep}"/>${dome(240, 186, 62, c.deep)}${dome(160, 192, 26, c.deep)}${dome(320, 192, 26, c.deep)}`,
    { water: true, sky: '#f2c879', sun: c.coral },
  ),
  'gallery-clinic-room':
    svg(`<rect width="480" height="320" fill="${c.sand}"/><rect y="250" width="480" height="70" fill="${c.sandDark}"/>
<rect x="60" y="50" width="150" height="110" rx="10" fill="${c.white}"/><rect x="70" y="60" width="130" height="90" rx="6" fill="${c.mint}"/><rect x="70" y="118" width="130" height="32" fill="${c.sea}"/><circle cx="170" cy="84" r="12" fill="${c.saffron}"/>
<rect x="230" y="190" width="200" height="24" rx="10" fill="${c.white}"/><rect x="230" y="210" width="200" height="14" fill="${c.teal}"/><rect x="236" y="224" width="8" height="40" fill="${c.deep}"/><rect x="416" y="224" width="8" height="40" fill="${c.deep}"/>
<rect x="230" y="170" width="56" height="24" rx="12" fill="${c.mint}"/>
<rect x="300" y="60" width="110" height="76" rx="10" fill="${c.ink}"/><path d="M312 100h24l8-18 12 34 10-22h32" fill="none" stroke="${c.saffron}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><rect x="350" y="136" width="10" height="54" fill="${c.sandDark}"/>`),
  'gallery-consultation':
    svg(`<rect width="480" height="320" fill="${c.mint}"/><rect y="240" width="480" height="80" fill="${c.sand}"/>
${person(140, 150, { body: c.white })}${person(340, 150, { body: c.teal, hijab: true })}
<rect x="80" y="210" width="320" height="18" rx="9" fill="${c.sandDark}"/><rect x="110" y="228" width="12" height="70" fill="${c.sandDark}"/><rect x="358" y="228" width="12" height="70" fill="${c.sandDark}"/>
<rect x="210" y="170" width="64" height="44" rx="6" fill="${c.deep}"/><path d="M220 202l12-12 10 8 20-16" fill="none" stroke="${c.saffron}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M132 178c0 18 16 24 16 36" fill="none" stroke="${c.sea}" stroke-width="3"/><circle cx="148" cy="216" r="5" fill="${c.sea}"/>`),
  'gallery-airport-transfer':
    svg(`<rect width="480" height="320" fill="${c.mint}"/><rect y="236" width="480" height="84" fill="${c.sandDark}"/><path d="M0 280h480" stroke="${c.white}" stroke-width="4" stroke-dasharray="30 20"/>
<path d="M180 80h160l30-10v16l-30 10h-160z" fill="${c.white}"/><path d="M250 84l-30 40h24l40-40zM250 82l-20-26h20l34 26z" fill="${c.sea}"/>
<rect x="110" y="170" width="260" height="72" rx="22" fill="${c.teal}"/><path d="M130 176h180l40 34H130z" fill="${c.mint}" opacity=".9"/><path d="M230 176v34" stroke="${c.teal}" stroke-width="6"/>
<circle cx="170" cy="244" r="20" fill="${c.ink}"/><circle cx="170" cy="244" r="8" fill="${c.sandDark}"/><circle cx="320" cy="244" r="20" fill="${c.ink}"/><circle cx="320" cy="244" r="8" fill="${c.sandDark}"/><rect x="354" y="214" width="16" height="10" rx="3" fill="${c.saffron}"/>`),
  'gallery-hotel-recovery':
    svg(`<rect width="480" height="320" fill="${c.sand}"/><rect y="250" width="480" height="70" fill="${c.sandDark}"/>
<rect x="250" y="46" width="170" height="130" rx="10" fill="${c.white}"/><rect x="260" y="56" width="150" height="110" rx="6" fill="${c.mint}"/><rect x="260" y="124" width="150" height="42" fill="${c.sea}"/><path d="M334 56v110" stroke="${c.white}" stroke-width="6"/>
<rect x="40" y="170" width="190" height="60" rx="14" fill="${c.white}"/><rect x="40" y="200" width="190" height="40" rx="8" fill="${c.teal}"/><rect x="40" y="130" width="18" height="120" rx="6" fill="${c.deep}"/><rect x="64" y="156" width="60" height="26" rx="13" fill="${c.mint}"/>
<rect x="300" y="206" width="110" height="12" rx="6" fill="${c.deep}"/><rect x="316" y="218" width="8" height="40" fill="${c.deep}"/><rect x="386" y="218" width="8" height="40" fill="${c.deep}"/>
<path d="M344 176h18l-3 30h-12z" fill="${c.coral}"/><rect x="340" y="204" width="26" height="4" rx="2" fill="${c.saffron}"/>`),
  'gallery-bosphorus': scene(
    `<path d="M0 196h480" stroke="${c.deep}" stroke-width="5"/><path d="M20 190C100 110 200 110 240 190M240 190C280 110 380 110 460 190" fill="none" stroke="${c.deep}" stroke-width="4"/>
<rect x="116" y="120" width="8" height="118" fill="${c.deep}"/><rect x="356" y="120" width="8" height="118" fill="${c.deep}"/>
<path d="M150 262h190l-22 26H172z" fill="${c.white}"/><rect x="180" y="236" width="120" height="26" rx="6" fill="${c.teal}"/><rect x="226" y="216" width="16" height="22" fill="${c.coral}"/>
<path d="M90 80l10 8 10-8M130 60l8 6 8-6M300 140l8 6 8-6" fill="none" stroke="${c.ink}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
    { water: true },
  ),
};

let written = 0;
for (const [name, art] of Object.entries({
  ...Object.fromEntries(Object.entries(services).map(([name, icon]) => [name, serviceArt(icon)])),
  ...destinations,
  ...gallery,
})) {
  const file = `${out}/${name}.svg`;
  if (existsSync(file) && !force) continue;
  writeFileSync(file, art.replace(/\n/g, ''));
  written++;
}
console.log(`wrote ${written} illustrations to ${out}`);
