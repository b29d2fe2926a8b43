/**
 * The project's icon set as one cacheable SVG sprite: lucide icons plus a few drawn here (tooth,
 * hair, WhatsApp) that lucide lacks. Pages draw an icon with `<use href="/icons/sprite.<hash>.svg#name">`
 * (src/components/ui/Icon.astro); the sprite is built once (src/pages/icons/[sprite].ts) and cached
 * by the browser and the service worker. Inlined in every page, the same paths were 48 KB of the
 * Arabic home's HTML (7.5 KB gzip), all of it on the first paint's path (issue 33).
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Award,
  Baby,
  Bone,
  Calendar,
  Car,
  Check,
  Clock,
  Eye,
  Files,
  Globe,
  Heart,
  Hospital,
  Hotel,
  Languages,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  PersonStanding,
  Phone,
  Pill,
  Plane,
  Scale,
  ScanFace,
  Search,
  ShieldCheck,
  Smile,
  Sparkles,
  Star,
  Stethoscope,
  Tag,
  UserRound,
  Video,
  Wallet,
  ChevronDown,
  ArrowRight,
} from 'lucide-react';

/**
 * The WhatsApp mark (24×24), as published by simple-icons 16 under CC0-1.0. Kept here instead of
 * the 26 MB package for this one path.
 */
const WHATSAPP_PATH =
  'M17.472 14.382c-.297-.149-1.758-.867-2.03-.967-.273-.099-.471-.148-.67.15-.197.297-.767.966-.94 1.164-.173.199-.347.223-.644.075-.297-.15-1.255-.463-2.39-1.475-.883-.788-1.48-1.761-1.653-2.059-.173-.297-.018-.458.13-.606.134-.133.298-.347.446-.52.149-.174.198-.298.298-.497.099-.198.05-.371-.025-.52-.075-.149-.669-1.612-.916-2.207-.242-.579-.487-.5-.669-.51-.173-.008-.371-.01-.57-.01-.198 0-.52.074-.792.372-.272.297-1.04 1.016-1.04 2.479 0 1.462 1.065 2.875 1.213 3.074.149.198 2.096 3.2 5.077 4.487.709.306 1.262.489 1.694.625.712.227 1.36.195 1.871.118.571-.085 1.758-.719 2.006-1.413.248-.694.248-1.289.173-1.413-.074-.124-.272-.198-.57-.347m-5.421 7.403h-.004a9.87 9.87 0 01-5.031-1.378l-.361-.214-3.741.982.998-3.648-.235-.374a9.86 9.86 0 01-1.51-5.26c.001-5.45 4.436-9.884 9.888-9.884 2.64 0 5.122 1.03 6.988 2.898a9.825 9.825 0 012.893 6.994c-.003 5.45-4.437 9.884-9.885 9.884m8.413-18.297A11.815 11.815 0 0012.05 0C5.495 0 .16 5.335.157 11.892c0 2.096.547 4.142 1.588 5.945L.057 24l6.305-1.654a11.882 11.882 0 005.683 1.448h.005c6.554 0 11.89-5.335 11.893-11.893a11.821 11.821 0 00-3.48-8.413Z';

const lucide = {
  smile: Smile,
  sparkles: Sparkles,
  scale: Scale,
  nose: ScanFace,
  body: PersonStanding,
  face: ScanFace,
  eye: Eye,
  bone: Bone,
  baby: Baby,
  stethoscope: Stethoscope,
  shield: ShieldCheck,
  tag: Tag,
  files: Files,
  award: Award,
  user: UserRound,
  clock: Clock,
  hospital: Hospital,
  globe: Globe,
  plane: Plane,
  hotel: Hotel,
  car: Car,
  language: Languages,
  pill: Pill,
  video: Video,
  heart: Heart,
  chat: MessageCircle,
  check: Check,
  calendar: Calendar,
  wallet: Wallet,
  lock: Lock,
  search: Search,
  star: Star,
  phone: Phone,
  mail: Mail,
  pin: MapPin,
  chevron: ChevronDown,
  /** Points along the reading direction: right in English, mirrored to the left in Arabic. */
  forward: ArrowRight,
} as const;

/** What a stroked icon's paths inherit (lucide's attributes, at the site's 1.75 stroke). */
const STROKED =
  'fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"';

const drawn = {
  whatsapp: { attributes: 'fill="currentColor"', paths: `<path d="${WHATSAPP_PATH}"/>` },
  tooth: {
    attributes: STROKED,
    paths:
      '<path d="M7.5 3C5 3 3.5 5 3.5 7.5c0 2 .8 3.4 1.5 5 .8 1.9.9 4 1.3 6 .3 1.6 1 2.5 2 2.5 1.3 0 1.6-1.6 1.9-3.2.3-1.4.8-2.8 1.8-2.8s1.5 1.4 1.8 2.8c.3 1.6.6 3.2 1.9 3.2 1 0 1.7-.9 2-2.5.4-2 .5-4.1 1.3-6 .7-1.6 1.5-3 1.5-5C20.5 5 19 3 16.5 3c-1.9 0-2.8 1-4.5 1S9.4 3 7.5 3z"/>',
  },
  hair: {
    attributes: STROKED,
    paths:
      '<path d="M5 14a7 7 0 0 1 14 0v3a4 4 0 0 1-4 4H9a4 4 0 0 1-4-4z"/><path d="M8 9.5V6M12 8V3.5M16 9.5V6M10 8.5V5M14 8.5V5"/>',
  },
} as const;

export type IconName = keyof typeof lucide | keyof typeof drawn;

/** A lucide icon's shapes, as its React component renders them. */
function lucidePaths(name: keyof typeof lucide): string {
  const svg = renderToStaticMarkup(createElement(lucide[name]));
  return /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1] ?? '';
}

function buildSprite(): string {
  const symbols = [
    ...Object.keys(lucide).map(
      (name) =>
        `<symbol id="${name}" viewBox="0 0 24 24" ${STROKED}>${lucidePaths(name as keyof typeof lucide)}</symbol>`,
    ),
    ...Object.entries(drawn).map(
      ([name, icon]) =>
        `<symbol id="${name}" viewBox="0 0 24 24" ${icon.attributes}>${icon.paths}</symbol>`,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

export const iconSprite = buildSprite();

/** The sprite's file name under /icons/: a new name whenever an icon changes, so it can be cached for good. */
export const ICON_SPRITE_FILE = `sprite.${createHash('sha256').update(iconSprite).digest('hex').slice(0, 10)}.svg`;
