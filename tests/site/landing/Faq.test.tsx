import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Faq } from '../../../site/landing/Faq.tsx';
import type { FaqContent } from '../../../site/content/types.ts';

const content: FaqContent = {
  heading: 'Frequently asked questions',
  questions: [
    { question: 'What is this service?', answer: 'A marketing lead generator, not a lender.' },
    { question: 'Does it cost anything to apply?', answer: 'No. Applying is free.' },
    { question: 'Can a startup apply?', answer: 'Yes. Startups with no revenue can apply.' },
  ],
};

/** Whether a visitor sees the element: nothing around it is hidden. */
const isShown = (element: HTMLElement) => element.closest('[hidden]') === null;
const question = (name: string) => screen.getByRole('button', { name });

describe('the questions and answers', () => {
  it('lists every question as a closed button in a heading under the section heading', () => {
    render(<Faq content={content} />);
    const section = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Frequently asked questions');
    const headings = within(section).getAllByRole('heading', { level: 3 });
    expect(headings).toHaveLength(content.questions.length);
    content.questions.forEach(({ question: name }, index) => {
      expect(within(headings[index]!).getByRole('button', { name })).toBe(question(name));
    });
    for (const { question: name, answer } of content.questions) {
      expect(question(name).getAttribute('aria-expanded')).toBe('false');
      expect(isShown(screen.getByText(answer))).toBe(false);
    }
  });

  it('opens an answer with Enter and closes it with Space', async () => {
    const user = userEvent.setup();
    render(<Faq content={content} />);
    await user.tab();
    expect(document.activeElement).toBe(question('What is this service?'));
    await user.keyboard('{Enter}');
    expect(question('What is this service?').getAttribute('aria-expanded')).toBe('true');
    expect(isShown(screen.getByText('A marketing lead generator, not a lender.'))).toBe(true);
    await user.keyboard(' ');
    expect(question('What is this service?').getAttribute('aria-expanded')).toBe('false');
    expect(isShown(screen.getByText('A marketing lead generator, not a lender.'))).toBe(false);
  });

  it('keeps answers open while others open, so any of them can be read', async () => {
    const user = userEvent.setup();
    render(<Faq content={content} />);
    await user.click(question('What is this service?'));
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    for (const { answer } of content.questions) expect(isShown(screen.getByText(answer))).toBe(true);
  });

  it('points each question at its answer', () => {
    render(<Faq content={content} />);
    const controlled = document.getElementById(question('Can a startup apply?').getAttribute('aria-controls')!);
    expect(controlled?.textContent).toBe('Yes. Startups with no revenue can apply.');
  });
});
