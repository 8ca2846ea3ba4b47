import type { Stage } from './reveal-machine.ts';

/** The step's button: the first one, which checks the address, until the phone shows; then the submit button. */
export function StageButton({
  stage,
  labels,
  submitting,
  onFirstPress,
}: {
  stage: Stage;
  labels: { reveal: string; submit: string };
  submitting: boolean;
  onFirstPress: () => void;
}) {
  return stage === 'phone' ? (
    <button type="submit" className="button button--primary address-then-phone__button" disabled={submitting}>
      {labels.submit}
    </button>
  ) : (
    // aria-disabled rather than disabled while the loader shows, so the focus stays on the button.
    <button
      type="button"
      className="button button--primary address-then-phone__button"
      aria-disabled={stage === 'loader' || undefined}
      onClick={onFirstPress}
    >
      {labels.reveal}
    </button>
  );
}
