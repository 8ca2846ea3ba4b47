import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ProvidersStrip, showsProviders } from '../../../site/landing/ProvidersStrip.tsx';
import { siteContent } from '../../../.generated/languages/en/site-content.ts';

describe('which sections show the providers', () => {
  it('shows them on the auto and lp3 sections, in any letter case', () => {
    for (const section of ['auto', 'lp3', 'AUTO', 'Lp3']) expect(showsProviders(section), section).toBe(true);
  });

  it('shows them nowhere else, nor without a section', () => {
    for (const section of [null, '', 'lp1', 'lp2', 'autos', 'lp33', 'home']) {
      expect(showsProviders(section), String(section)).toBe(false);
    }
  });
});

describe('the providers strip', () => {
  it('shows its heading and the six provider logos, named, sized and loaded when near', () => {
    render(<ProvidersStrip content={siteContent.providers} />);
    const strip = screen.getByRole('region', { name: 'Providers Include' });
    expect(within(strip).getByRole('heading', { level: 2 }).textContent).toBe('Providers Include');
    const logos = within(strip).getAllByRole('img');
    expect(logos).toHaveLength(6);
    for (const logo of logos) {
      expect(logo.getAttribute('alt')).not.toBe('');
      expect(Number(logo.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(logo.getAttribute('height'))).toBeGreaterThan(0);
      expect(logo.getAttribute('loading')).toBe('lazy');
      expect(logo.getAttribute('src')).toBeTruthy();
    }
  });
});
