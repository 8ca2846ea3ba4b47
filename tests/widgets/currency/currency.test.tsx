import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'integer', minimum: 0, maximum: 10000000, default: 30000 };

describe('currency', () => {
  it("shows the amount with a '$' prefix and thousands separators", () => {
    renderField({ field, widget: 'currency', options: { prefix: '$', maxLength: 20 } });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    expect(input.value).toBe('$30,000');
    expect(input.maxLength).toBe(20);
    expect(input.inputMode).toBe('numeric');
  });

  it('keeps digits only and gives back a number', async () => {
    const { onChange } = renderField({ field, widget: 'currency' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await userEvent.type(input, '1a2b34567');
    expect(onChange).toHaveBeenLastCalledWith(1234567);
    expect(input.value).toBe('$1,234,567');
  });

  it('shows 0 without prefix or separators', () => {
    renderField({ field, widget: 'currency', value: 0 });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' }).value).toBe('0');
  });
});
