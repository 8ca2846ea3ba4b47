/**
 * Calls back once, on the visitor's first touch, click, key or focus on the page: the moment to fetch what the next
 * steps need, without spending a phone's network on it while the first screen loads. Returns the cancel function.
 */
const ACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

export function onFirstVisitorAction(callback: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of ACTIONS) window.removeEventListener(type, act, options);
  };
  function act() {
    stop();
    callback();
  }
  for (const type of ACTIONS) window.addEventListener(type, act, options);
  return stop;
}
