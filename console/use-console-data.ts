/**
 * A page's data from GETs of the console API, fetched again when the paths change or on reload(). A 401 means the
 * session ended meanwhile (idle timeout, disabled, signed out elsewhere): the console goes back to sign-in.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';

/** Told when a call finds the session gone. */
export const SessionEndedContext = createContext<() => void>(() => {});

export type Loaded<T> =
  { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'failed'; message: string; status: number };

/** One GET's answer. */
export function useConsoleData<T>(path: string): [Loaded<T>, () => void] {
  return useLoaded<T>(path, consoleCall);
}

// A path never holds a line break (its query is encoded): the paths of a list travel as one string, so a new array
// of the same paths on every render does not fetch again.
const callEach = <T>(paths: string) => Promise.all(paths.split('\n').map((path) => consoleCall<T>(path)));

/** The answers of several GETs of the same kind (one per flow version, say), in order; failed if any failed. */
export function useConsoleDataOf<T>(paths: readonly string[]): [Loaded<T[]>, () => void] {
  return useLoaded<T[]>(paths.join('\n'), callEach);
}

function useLoaded<T>(key: string, load: (key: string) => Promise<T>): [Loaded<T>, () => void] {
  const sessionEnded = useContext(SessionEndedContext);
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    load(key).then(
      (data) => {
        if (current) setLoaded({ state: 'loaded', data });
      },
      (error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 401) sessionEnded();
        else setLoaded({ state: 'failed', message: failureMessage(error), status });
      },
    );
    return () => {
      current = false;
    };
  }, [key, load, round, sessionEnded]);

  // A reload keeps what is shown until the new answer replaces it: the page does not flash empty.
  const reload = useCallback(() => setRound((count) => count + 1), []);
  return [loaded, reload];
}
