/**
 * The views of each step of a version as horizontal bars, in the flow's order, each step's name above its bar: narrow
 * enough for a phone at its own size, where names beside the bars would shrink the text out of reading. An image to the screen reader
 * (role="img", named by its title, described by its description): the table beside it gives every number, as the
 * W3C's complex-images tutorial has it for a chart with a data table.
 */
import { useId } from 'react';
import type { FunnelStep } from '../contracts/funnel.ts';

const ROW_HEIGHT = 40;
/** The step's name on the first line of a row, its bar under it. */
const LABEL_BASELINE = 14;
const BAR_TOP = 19;
const BAR_HEIGHT = 16;
/** The longest bar (the most viewed step), in the chart's units. */
export const BAR_WIDTH = 280;
/** Room after the longest bar for its number. */
const WIDTH = BAR_WIDTH + 60;

export function FunnelChart({ version, steps }: { version: string; steps: readonly FunnelStep[] }) {
  const id = useId();
  const most = Math.max(0, ...steps.map((step) => step.views));
  const height = Math.max(1, steps.length) * ROW_HEIGHT;
  return (
    <svg
      className="console-chart"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width={WIDTH}
      height={height}
    >
      <title id={`${id}-title`}>{`Views per step, ${version}`}</title>
      <desc id={`${id}-desc`}>
        {`A bar for each step of ${version} in the flow's order, as long as its views; the table of ${version}'s steps gives the same numbers.`}
      </desc>
      {steps.map((step, row) => {
        const y = row * ROW_HEIGHT;
        const width = most === 0 ? 0 : (step.views / most) * BAR_WIDTH;
        return (
          <g key={step.step} className="console-chart__bar">
            <text x={0} y={y + LABEL_BASELINE}>
              {step.step}
            </text>
            <rect x={0} y={y + BAR_TOP} width={width} height={BAR_HEIGHT} />
            <text x={width + 6} y={y + BAR_TOP + BAR_HEIGHT / 2} dominantBaseline="middle">
              {step.views}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
