/** The small pictures of the shell, inline so they cost no request; decorative unless given a label. */
import type { ReactNode } from 'react';
import type { SocialLink } from '../content/types.ts';

type Network = SocialLink['network'];

export function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      {children}
    </svg>
  );
}

export const LockIcon = () => (
  <Icon>
    <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
  </Icon>
);

export const ShieldIcon = () => (
  <Icon>
    <path d="M12 2 4 5v6c0 5 3.4 9.6 8 11 4.6-1.4 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z" />
  </Icon>
);

export const FundedIcon = () => (
  <Icon>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15.9V19h-2v-1.1c-1.7-.3-3-1.4-3.1-3h2c.1.8.9 1.3 2.1 1.3 1.3 0 2-.6 2-1.3 0-.8-.6-1.1-2.3-1.5-2-.5-3.4-1.2-3.4-3 0-1.4 1.1-2.5 2.7-2.8V6.5h2v1.1c1.6.3 2.6 1.5 2.7 2.9h-2c-.1-.8-.8-1.3-1.8-1.3-1.1 0-1.7.5-1.7 1.2s.6 1 2.3 1.4c2 .5 3.4 1.2 3.4 3.1 0 1.5-1.1 2.6-2.9 3Z" />
  </Icon>
);

export const LogoMark = () => (
  <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
    <rect width="28" height="28" rx="7" fill="currentColor" />
    <path d="M8 20V8h11v3h-7.5v2H18v3h-6.5v4H8Z" fill="#fff" />
  </svg>
);

/** How each network's name is written, for the link's accessible name. */
export const SOCIAL_NAMES: Readonly<Record<Network, string>> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
};
