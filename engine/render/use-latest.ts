/**
 * The value of the latest committed render, for callbacks, timers and lookups that outlive the render they were made
 * in (the engine hands widgets a new form context on every render; a timer must not restart for it).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): Readonly<RefObject<T>> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
