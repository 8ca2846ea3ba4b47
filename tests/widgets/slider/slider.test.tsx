import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { fireEvent, screen } from '@testing-library/react';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = { type: 'integer', minimum: 10000, maximum: 1000000, multipleOf: 5000, default: 10000 };

describe('slider', () => {
  it('is a native range with the schema limits and step, starting at the default', () => {
    renderField({ field, widget: 'slider', options: { maxLabel: '$1M+' } });
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Answer' });
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['10000', '1000000', '5000', '10000']);
    expect(slider.getAttribute('aria-valuetext')).toBe('$10,000');
    expect(screen.getAllByText('$10,000').length).toBeGreaterThan(0);
    expect(screen.getByText('$1M+')).toBeTruthy();
  });

  it('gives back a number on every change and shows the formatted amount', () => {
    const { onChange } = renderField({ field, widget: 'slider', options: { maxLabel: '$1M+' } });
    const slider = screen.getByRole('slider', { name: 'Answer' });
    fireEvent.change(slider, { target: { value: '255000' } });
    expect(onChange).toHaveBeenLastCalledWith(255000);
    expect(slider.getAttribute('aria-valuetext')).toBe('$255,000');
    fireEvent.change(slider, { target: { value: '1000000' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('$1M+');
  });
});
