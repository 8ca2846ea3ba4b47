import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import { PlaceholderSelect } from '../shared/field-parts.tsx';
import type { YearSelectOptions } from './options.ts';

type Props = ValueWidgetProps<YearSelectOptions>;

/** The years from this one back to `from`, newest first; read when rendered so the list moves on with the calendar. */
function yearsBackTo(from: number): string[] {
  const years: string[] = [];
  for (let year = new Date().getFullYear(); year >= from; year -= 1) years.push(String(year));
  return years;
}

/** A native select of years whose placeholder stays visible but cannot be chosen again. */
export function YearSelect(props: Props) {
  const { options, value, onChange } = props;
  const years = yearsBackTo(options.from);
  // A saved year outside the list (e.g. from an older flow) shows the placeholder, so the visitor picks again.
  const current = typeof value === 'string' && years.includes(value) ? value : '';
  return (
    <PlaceholderSelect
      props={props}
      choices={years.map((year) => ({ value: year, label: year }))}
      current={current}
      onPick={(year) => onChange(year === '' ? undefined : year)}
    />
  );
}
