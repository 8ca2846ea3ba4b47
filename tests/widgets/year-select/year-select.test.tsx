import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'string', pattern: '^(192[5-9]|19[3-9][0-9]|2[0-9]{3})$' };

describe('year-select', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2031, 4, 20), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists the years from the current one back to 1925, after a disabled 'Year'", () => {
    renderField({ field, widget: 'year-select', options: { from: 1925 }, placeholder: 'Year' });
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    const labels = options.map((option) => option.textContent);
    expect(labels.slice(0, 3)).toEqual(['Year', '2031', '2030']);
    expect(labels.at(-1)).toBe('1925');
    expect(labels).toHaveLength(1 + 2031 - 1925 + 1);
    expect(options[0]!.disabled).toBe(true);
    expect(options[0]!.selected).toBe(true);
  });

  it('gives back the chosen year as a string', async () => {
    const { onChange } = renderField({ field, widget: 'year-select', options: { from: 1925 }, placeholder: 'Year' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Answer' }), '2018');
    expect(onChange).toHaveBeenLastCalledWith('2018');
  });

  it('shows a saved year as chosen', () => {
    renderField({ field, widget: 'year-select', options: { from: 1925 }, placeholder: 'Year', value: '1999' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Answer' }).value).toBe('1999');
  });
});
