/**
 * An Astro container that renders .astro components and, inside them, React components on the
 * server (the header's logo, the lead form's HTML), as the build does.
 */
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';

export async function container(): Promise<AstroContainer> {
  const renderers = await loadRenderers([getContainerRenderer()]);
  return AstroContainer.create({ renderers });
}
