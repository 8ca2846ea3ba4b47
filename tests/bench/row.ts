/** One row of the results table, and its target's cells. */
import { describeTarget, meets, type Target, type Verdict } from './targets.ts';

export interface Row {
  metric: string;
  subject: string;
  value: string;
  ratio: string;
  target: string;
  met: Verdict | '';
}

/** The target and its verdict for a value; blank cells for a row without a target. */
export function targetCells(value: number | undefined, target: Target | undefined): Pick<Row, 'target' | 'met'> {
  return target === undefined ? { target: '', met: '' } : { target: describeTarget(target), met: meets(value, target) };
}
