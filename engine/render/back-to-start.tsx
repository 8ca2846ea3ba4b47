/**
 * Steps after the lead is sent (searching, thank-you) send the browser's Back to the version's start instead of into
 * the finished form. The popstate listener must run before the router's: React renders popstate updates
 * synchronously, so once the router has seen the event the step is gone. The router registers its listener when it
 * mounts, and listeners run in registration order, so this one is registered by a component inside the router,
 * whose layout effect runs first, and the current step tells it where Back should lead.
 */
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';

type Target = { current: string | null };

const BackTargetContext = createContext<Target | null>(null);

export function BackToStartListener({ children }: { children: ReactNode }) {
  const target = useRef<string | null>(null);
  useLayoutEffect(() => {
    const onPopState = () => {
      if (target.current === null) return;
      // The router reads the address after this: replacing it (and keeping the router's state) redirects the Back.
      window.history.replaceState(window.history.state, '', target.current + window.location.search);
      target.current = null;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return <BackTargetContext.Provider value={target}>{children}</BackTargetContext.Provider>;
}

/** While the calling step is shown, Back leads to `startPath` (nothing when `startPath` is null). */
export function useBackToStart(startPath: string | null): void {
  const target = useContext(BackTargetContext);
  useLayoutEffect(() => {
    if (!target || startPath === null) return;
    target.current = startPath;
    return () => {
      if (target.current === startPath) target.current = null;
    };
  }, [target, startPath]);
}
