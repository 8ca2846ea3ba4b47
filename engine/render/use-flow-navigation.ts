/** Moving between steps: query parameters kept, and the short leave animation played before the route changes. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { mergeQuery } from '../flow/navigation.ts';

export const LEAVE_ANIMATION_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useFlowNavigation() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = useCallback(
    (path: string) => {
      const to = path + mergeQuery(search);
      // navigate() answers a promise only under a data router, which the engine does not use: nothing to wait for.
      if (prefersReducedMotion()) {
        void navigate(to);
        return;
      }
      setLeaving(true);
      timer.current = setTimeout(() => void navigate(to), LEAVE_ANIMATION_MS);
    },
    [navigate, search],
  );
  const back = useCallback(() => navigate(-1), [navigate]);
  return { go, back, leaving };
}
