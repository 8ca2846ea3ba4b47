import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeFormContext } from '../../support/form-context.ts';
import { renderField } from '../../support/render-field.tsx';

const field: RJSFSchema = {
  type: 'string',
  oneOf: [
    { const: 'EXPANSION', title: 'Expansion' },
    { const: 'PAYROLL', title: 'Payroll' },
  ],
};

describe('select', () => {
  it('shows the placeholder first, disabled, then the choices by their labels', () => {
    renderField({ field: field, widget: 'select', placeholder: 'Choose...' });
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    expect(options.map((option) => option.textContent)).toEqual(['Choose...', 'Expansion', 'Payroll']);
    expect(options[0]!.disabled).toBe(true);
  });

  it('gives back the code of the chosen label', async () => {
    const { onChange } = renderField({ field: field, widget: 'select', placeholder: 'Choose...' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Answer' }), 'Payroll');
    expect(onChange).toHaveBeenLastCalledWith('PAYROLL');
  });
});

describe('select with alphabetical', () => {
  const industries: RJSFSchema = {
    type: 'string',
    oneOf: [
      { const: 'Accommodation and food services', title: 'Servicios de alojamiento' },
      { const: 'Agriculture', title: 'Agricultura' },
      { const: 'Public administration', title: 'Administración pública' },
      { const: 'Education', title: 'Educación' },
    ],
  };

  it("lists the choices in the order of their labels in the page's language, and still gives back their codes", async () => {
    const { onChange } = renderField({
      field: industries,
      widget: 'select',
      placeholder: 'Seleccione una industria',
      options: { alphabetical: true },
      context: { ...fakeFormContext(), locale: 'es-US' },
    });
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Seleccione una industria',
      'Administración pública',
      'Agricultura',
      'Educación',
      'Servicios de alojamiento',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Answer' }), 'Agricultura');
    expect(onChange).toHaveBeenLastCalledWith('Agriculture');
  });
});
