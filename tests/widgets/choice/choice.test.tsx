import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'string', enum: ['Within a week', 'Within 2 weeks', 'Within a month'] };

describe('choice', () => {
  it('shows one labelled radio group with a radio per choice', () => {
    renderField({ field, widget: 'choice' });
    expect(screen.getByRole('radiogroup', { name: 'Answer' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Within 2 weeks' })).toBeTruthy();
  });

  it('gives back the chosen value and only moves on by itself when asked to', async () => {
    const { onChange, context } = renderField({ field, widget: 'choice' });
    await userEvent.click(screen.getByRole('radio', { name: 'Within a month' }));
    expect(onChange).toHaveBeenLastCalledWith('Within a month');
    expect(context.advance).not.toHaveBeenCalled();
  });

  it('with advanceOnSelect, a click answers the step but arrow keys only move the selection', async () => {
    const { onChange, context } = renderField({ field, widget: 'choice', options: { advanceOnSelect: true } });
    await userEvent.click(screen.getByRole('radio', { name: 'Within a week' }));
    expect(context.advance).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('Within 2 weeks');
    expect(context.advance).toHaveBeenCalledTimes(1);
  });

  it('marks the group invalid and points it at its error', () => {
    renderField({ field, widget: 'choice', errors: ['This field is required'] });
    const group = screen.getByRole('radiogroup', { name: 'Answer' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required',
    );
  });
});
