/** Confetti on a given canvas. js-confetti is fetched only when confetti is wanted, so it stays out of the main bundle. */

// js-confetti's typings use ES module syntax in a CommonJS package: TypeScript places the imported class one `default`
// deeper than bundlers and Node do at run time.
type ConfettiClass = (typeof import('js-confetti'))['default'];

/** Starts confetti; the returned function stops it, also before js-confetti has arrived (it then never starts). */
export function startConfetti(canvas: HTMLCanvasElement): () => void {
  let stopped = false;
  let confetti: InstanceType<ConfettiClass> | undefined;
  import('js-confetti').then(
    (module) => {
      if (stopped) return;
      const Confetti = module.default as unknown as ConfettiClass;
      confetti = new Confetti({ canvas });
      void confetti.addConfetti();
    },
    // Decoration only: without it the screen works the same.
    () => undefined,
  );
  return () => {
    stopped = true;
    confetti?.clearCanvas();
  };
}

/** Only when the browser says the visitor has not asked for reduced motion (browsers without media queries: none). */
export function motionAllowed(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: no-preference)').matches
  );
}
