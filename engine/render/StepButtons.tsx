export interface ButtonSpec {
  label: string;
  type?: 'button' | 'submit';
  disabled?: boolean;
  onClick?: () => void;
}

/** Previous (back, see StepScreen) on the left, the step's forward button on the right. */
export function StepButtons({ previous, next }: { previous?: ButtonSpec | undefined; next?: ButtonSpec | undefined }) {
  return (
    <div className="step__buttons">
      {previous && (
        <button type="button" className="button button--secondary" onClick={previous.onClick}>
          {previous.label}
        </button>
      )}
      {next && (
        <button
          type={next.type ?? 'button'}
          className="button button--primary"
          disabled={next.disabled}
          onClick={next.onClick}
        >
          {next.label}
        </button>
      )}
    </div>
  );
}
