import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import flow from '../../../flows/business-funding.json' with { type: 'json' };
import { Offers } from '../../../widgets/offers/Offers.tsx';
import type { OffersOptions } from '../../../widgets/offers/options.ts';
import { fakeFormContext } from '../../support/form-context.ts';

const options: OffersOptions = flow.steps.alternatives.display.options;

function renderOffers() {
  const context = fakeFormContext();
  render(<Offers options={options} context={context} />);
  return context;
}

const personalLoans = () => screen.getByRole('link', { name: 'See personal loans (opens in a new tab)' });

describe('offers', () => {
  it("shows each offer with a link to the flow file's partner address, opened in a new tab", () => {
    renderOffers();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Personal loans' })).toBeTruthy();
    expect(personalLoans().getAttribute('href')).toBe(
      'https://partners.example.com/personal-loans?utm_source=fundflow&utm_medium=referral&utm_campaign=alternatives',
    );
    expect(personalLoans().getAttribute('target')).toBe('_blank');
    expect(personalLoans().getAttribute('rel')).toBe('noopener noreferrer');
    const cards = within(items[1]!).getByRole('link', { name: 'See business credit cards (opens in a new tab)' });
    expect(cards.getAttribute('href')).toBe(
      'https://partners.example.com/business-credit-cards?utm_source=fundflow&utm_medium=referral&utm_campaign=alternatives',
    );
  });

  it('reports the opened offer by its id, once per click', async () => {
    const context = renderOffers();
    // jsdom does not navigate; the new tab is the browser's part (tests/e2e/first-half.spec.ts).
    await userEvent.click(personalLoans());
    expect(context.reportOffer).toHaveBeenCalledExactlyOnceWith('personal-loans');
  });

  it('reports an offer opened with the middle button, which opens a tab without a click', () => {
    const context = renderOffers();
    fireEvent(personalLoans(), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(context.reportOffer).toHaveBeenCalledExactlyOnceWith('personal-loans');
    fireEvent(personalLoans(), new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(context.reportOffer).toHaveBeenCalledTimes(1);
  });
});
