/** A new screen slides in, starts at the top and focuses its heading; a page load's first screen stays as drawn. */
import { useLayoutEffect, useRef, useState } from 'react';
import { atom, useStore } from 'jotai';

/**
 * Whether the page has shown a step screen yet. An atom, so the answer lives in the page's jotai store (the Provider
 * round each page's tree, its prerender, or a test's render) rather than in this module, which outlives a tree and
 * would tell a second one it is not the first. Read and set through the store, without subscribing: setting it must
 * not render the screen again.
 */
const screenShownAtom = atom(false);

/**
 * As decision 055 asks (docs/decisions/055-focus-on-new-screens.md). `pathname`: the screen's address; `mustRestart`:
 * the screen only sends the visitor to the start, shows nothing, and the start screen it leads to is still the first
 * the visitor sees.
 */
export function useScreenEntrance(pathname: string, mustRestart: boolean) {
  const store = useStore();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Only a screen that replaces another slides in: the one the page opens on is drawn in place, as the server sent it
  // (its heading is the page's largest paint, which a slide from off-screen would hold back).
  const [entering] = useState(() => store.get(screenShownAtom));
  // The one the page opened on keeps the browser's position, as the visitor may have scrolled the prerendered page
  // before its script arrived, and the focus where the visitor put it. A new screen's heading takes the focus so a
  // screen reader reads the question and Tab goes on from there.
  useLayoutEffect(() => {
    if (mustRestart) return;
    if (store.get(screenShownAtom)) {
      window.scrollTo(0, 0);
      headingRef.current?.focus({ preventScroll: true });
    }
    store.set(screenShownAtom, true);
  }, [pathname, mustRestart, store]);
  return { headingRef, entering };
}
