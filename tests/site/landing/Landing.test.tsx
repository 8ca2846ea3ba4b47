import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Landing } from '../../../site/landing/Landing.tsx';
import { siteContent } from '../../../.generated/languages/en/site-content.ts';

const section = (name: string) => screen.getByRole('region', { name });

describe('the landing page with the content it ships with', () => {
  it('gives every section a second-level heading, in reading order', () => {
    render(<Landing content={siteContent} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How it works',
      'Funding for small businesses',
      'As featured in',
      'What business owners say',
      'Frequently asked questions',
      'Important information',
    ]);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lays out how it works as four numbered steps', () => {
    render(<Landing content={siteContent} />);
    const list = within(section('How it works')).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Apply online in seconds', 'Review funding options', 'Connect to a funding advisor', 'Access funds']);
  });

  it('states what the service offers', () => {
    render(<Landing content={siteContent} />);
    const claims = section('Funding for small businesses').textContent;
    expect(claims).toContain('from $20k to over $500k');
    expect(claims).toContain('Many funding options need no collateral.');
    expect(claims).toContain('Startups with no revenue can apply.');
    expect(claims).toContain('Fees may apply when funding is finalized.');
    expect(claims).toContain('one to three weeks after approval');
    expect(claims).toContain('a couple of minutes');
  });

  it('shows the press logos named, sized and loaded when near', () => {
    render(<Landing content={siteContent} />);
    const logos = within(section('As featured in')).getAllByRole('img');
    expect(logos.length).toBeGreaterThan(0);
    for (const logo of logos) {
      expect(logo.getAttribute('alt')).not.toBe('');
      expect(logo.getAttribute('width')).toMatch(/^\d+$/);
      expect(logo.getAttribute('height')).toMatch(/^\d+$/);
      expect(logo.getAttribute('loading')).toBe('lazy');
    }
  });

  it('rotates five testimonials and answers nine questions', () => {
    render(<Landing content={siteContent} />);
    expect(within(section('What business owners say')).getByRole('group').getAttribute('aria-label')).toBe('1 of 5');
    expect(within(section('Frequently asked questions')).getAllByRole('button', { expanded: false })).toHaveLength(9);
  });

  it('ends with the disclaimer: a lead generator, lenders decide, not every merchant qualifies', () => {
    render(<Landing content={siteContent} />);
    const disclaimer = section('Important information').textContent;
    expect(disclaimer).toContain('marketing lead generator, not a lender');
    expect(disclaimer).toContain('Credit decisions, rates and terms are set by the participating lenders');
    expect(disclaimer).toContain('Not all merchants qualify for the advertised rates.');
  });
});
