/**
 * The filter forms of the lists and reports: labelled fields in a row and the button that applies them. The values
 * come from the page's address and go back to it, so the fields are uncontrolled and read once, when submitted.
 */
import type { FormEvent, ReactNode } from 'react';
import { fieldText } from './format.ts';

/** A labelled control; `wide` for free text, which wants the room. */
export function FilterField({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={wide ? 'console-field console-field--wide' : 'console-field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** One filter: a text, search or date input, or a choice among `choices` after "Any" (no filter). */
export type FilterSpec<Name extends string> = { name: Name; label: string; wide?: boolean } & (
  { type?: 'search' | 'date'; placeholder?: string; required?: boolean } | { choices: readonly string[] }
);

export interface FilterFormProps<Values extends Record<keyof Values, string>> {
  /** The form's accessible name. */
  label: string;
  /** A search landmark, for the form that finds rather than narrows. */
  search?: boolean;
  fields: readonly FilterSpec<keyof Values & string>[];
  values: Values;
  submit: string;
  /** The fields' values, trimmed, by name in the form's order. */
  onApply: (values: Record<string, string>) => void;
}

export function FilterForm<Values extends Record<keyof Values, string>>({
  label,
  search = false,
  fields,
  values,
  submit,
  onApply,
}: FilterFormProps<Values>) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const name of form.keys()) next[name] = fieldText(form, name);
    onApply(next);
  };

  return (
    <form role={search ? 'search' : undefined} aria-label={label} className="console-filters" onSubmit={apply}>
      {fields.map((field) => (
        <FilterField key={field.name} label={field.label} wide={field.wide}>
          {'choices' in field ? (
            <select name={field.name} defaultValue={values[field.name]}>
              <option value="">Any</option>
              {field.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={field.type}
              name={field.name}
              defaultValue={values[field.name]}
              placeholder={field.placeholder}
              required={field.required}
            />
          )}
        </FilterField>
      ))}
      <button type="submit" className="console-button console-button--primary">
        {submit}
      </button>
    </form>
  );
}
