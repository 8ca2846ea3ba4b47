/**
 * The fill is an SVG rectangle sized by an attribute, not a style: the server-rendered start screen may carry no
 * inline style (the Content-Security-Policy allows none), and the bar must show its value before the script runs.
 */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <svg
        className="progress__fill"
        viewBox="0 0 100 1"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <rect width={value} height="1" />
      </svg>
    </div>
  );
}
