/**
 * The React the page runs: Preact's compatibility layer, which renders the same components with a runtime a tenth
 * of react-dom's size (decision 011). The package.json aliases send every `react` and `react-dom` import of the
 * browser build here or to preact/compat; tests and tools keep running on React itself.
 *
 * preact/compat lacks React 19.2's useEffectEvent, which widgets use to read the latest props from an effect without
 * re-running it, so it is supplied here with the same contract: a stable function calling the latest callback.
 */
import { useCallback, useLayoutEffect, useRef } from 'preact/compat';

// preact/compat's type declarations use `export =`, which TypeScript will not re-export with `*`; the module itself is
// ESM with named exports, which is what the bundler reads.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useEffectEvent<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
