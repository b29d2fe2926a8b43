/**
 * The icon sprite (src/components/ui/icons.ts) as a static file, named by its content's hash.
 */
import type { APIRoute } from 'astro';
import { ICON_SPRITE_FILE, iconSprite } from '~/components/ui/icons.ts';

export const getStaticPaths = () => [{ params: { sprite: ICON_SPRITE_FILE } }];

export const GET: APIRoute = () =>
  new Response(iconSprite, { headers: { 'Content-Type': 'image/svg+xml' } });
