/** The 'Providers Include' logo strip, which only the auto and lp3 sections of the site show. */
import { useId } from 'react';
import type { ProvidersContent } from '../content/types.ts';
import { LogoList } from './LogoList.tsx';

const SECTIONS_WITH_PROVIDERS: ReadonlySet<string> = new Set(['auto', 'lp3']);

/** Whether a section (the page's `section`, in any letter case) shows the strip; no section shows none. */
export function showsProviders(section: string | null): boolean {
  return section !== null && SECTIONS_WITH_PROVIDERS.has(section.toLowerCase());
}

export function ProvidersStrip({ content }: { content: ProvidersContent }) {
  const headingId = useId();
  return (
    <section className="landing-providers" aria-labelledby={headingId}>
      <h2 id={headingId}>{content.heading}</h2>
      <LogoList logos={content.logos} />
    </section>
  );
}
