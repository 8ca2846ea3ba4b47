/**
 * Steps after the lead is sent (searching, thank-you) send the browser's Back to the version's start instead of into
 * the finished form, and the visitor starts over: the step's `leave` (clearing the answers) runs as Back is redirected,
 * so the answers go even when Back comes before the thank-you screen has rendered (React may render a change of
 * address a task after it is made). The popstate listener must run before the router's: React renders popstate updates
 * synchronously, so once the router has seen the event the step is gone. The router registers its listener when it
 * mounts, and listeners run in registration order, so this one is registered by a component inside the router,
 * whose layout effect runs first, and the current step tells it where Back should lead.
 */
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';

type Target = { current: { startPath: string; leave: () => void } | null };

const BackTargetContext = createContext<Target | null>(null);

export function BackToStartListener({ children }: { children: ReactNode }) {
  const target = useRef<Target['current']>(null);
  useLayoutEffect(() => {
    const onPopState = () => {
      if (target.current === null) return;
      const { startPath, leave } = target.current;
      target.current = null;
      leave();
      // The router reads the address after this: replacing it (and keeping the router's state) redirects the Back.
      window.history.replaceState(window.history.state, '', startPath + window.location.search);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return <BackTargetContext.Provider value={target}>{children}</BackTargetContext.Provider>;
}

/** While the calling step is shown, Back runs `leave` and leads to `startPath` (nothing when `startPath` is null). */
export function useBackToStart(startPath: string | null, leave: () => void): void {
  const target = useContext(BackTargetContext);
  useLayoutEffect(() => {
    if (!target || startPath === null) return;
    const own = { startPath, leave };
    target.current = own;
    return () => {
      if (target.current === own) target.current = null;
    };
  }, [target, startPath, leave]);
}
