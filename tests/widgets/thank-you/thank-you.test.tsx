import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ThankYou } from '../../../widgets/thank-you/ThankYou.tsx';
import { fakeFormContext } from '../../support/form-context.ts';

const options = {
  field: 'thank_you_html',
  fallback: 'Thank you for your request. A funding advisor will contact you shortly.',
  startOver: 'Start over',
};

describe('thank-you', () => {
  it('shows the message saved earlier with its markup', () => {
    const context = fakeFormContext({
      record: { thank_you_html: '<p>Thank you, <strong>Ann &lt;b&gt;</strong>! We found 3 offers.</p>' },
    });
    const { container } = render(<ThankYou options={options} context={context} />);
    expect(screen.getByText('Ann <b>').tagName).toBe('STRONG');
    expect(container.textContent).toContain('Thank you, Ann <b>! We found 3 offers.');
    expect(screen.queryByText(options.fallback)).toBeNull();
  });

  it('shows the plain fallback when no message was saved', () => {
    render(<ThankYou options={options} context={fakeFormContext()} />);
    expect(screen.getByText(options.fallback)).toBeTruthy();
  });

  it("starts over with 'Start over'", async () => {
    const context = fakeFormContext({ record: { thank_you_html: '<p>Thanks!</p>' } });
    render(<ThankYou options={options} context={context} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(context.restart).toHaveBeenCalledTimes(1);
  });
});
