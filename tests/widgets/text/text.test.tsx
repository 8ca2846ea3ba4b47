import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'string', minLength: 2, maxLength: 50 };

describe('text', () => {
  it('removes the spaces around the answer when the visitor leaves the input', async () => {
    const { onChange } = renderField({ field, widget: 'text', options: { trim: true } });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    await userEvent.type(input, '  Acme Bakery  ');
    expect(onChange).toHaveBeenLastCalledWith('  Acme Bakery  ');
    await userEvent.tab();
    expect(input.value).toBe('Acme Bakery');
    expect(onChange).toHaveBeenLastCalledWith('Acme Bakery');
  });

  it('keeps the spaces when trimming is not asked for', async () => {
    const { onChange } = renderField({ field, widget: 'text' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    await userEvent.type(input, 'Acme ');
    await userEvent.tab();
    expect(input.value).toBe('Acme ');
    expect(onChange).toHaveBeenLastCalledWith('Acme ');
  });

  it('offers an email keyboard and the browser’s saved email for an email input', () => {
    renderField({
      field,
      widget: 'text',
      options: { inputType: 'email', autocomplete: 'email' },
      placeholder: 'you@example.com',
    });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    expect(input.type).toBe('email');
    expect(input.inputMode).toBe('email');
    expect(input.autocomplete).toBe('email');
    expect(input.placeholder).toBe('you@example.com');
  });

  it('is a plain text input by default', () => {
    renderField({ field, widget: 'text' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('text');
  });

  it('gives back no answer once the input is emptied, even when only spaces were left', async () => {
    const { onChange } = renderField({ field, widget: 'text', options: { trim: true }, value: 'Ann' });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Answer' });
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await userEvent.type(input, '   ');
    await userEvent.tab();
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
