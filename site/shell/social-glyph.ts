/** A social network's glyph, its module fetched when first drawn (site/shell/social-icons.tsx). */
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import type { SocialLink } from '../content/types.ts';

export const SocialGlyph = deferredComponent<{ network: SocialLink['network'] }>(
  () => import('./social-icons.tsx').then((module) => module.SocialGlyph),
  'the social icons',
);
