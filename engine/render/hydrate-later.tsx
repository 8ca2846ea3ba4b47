/**
 * Parts of a prerendered screen that the browser takes over after the rest, in turns: the page's script hydrates
 * what is not wrapped here in one task and each turn in a later one, so that no single task is long enough to hold
 * up a tap on a slow phone. Each wrapped part is a Suspense boundary in the server's markup; until its turn comes,
 * React keeps that boundary's server elements as they are (a hydration suspended on a promise leaves them in place
 * and resumes once the promise settles), and a tap on them meanwhile is not handled by React (the page remembers a
 * press of Next: engine/render/early-submit.ts).
 */
import { createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';

/** A step's fields come first (the visitor's first answer needs them), then what the site puts around the screen. */
export const FIELDS_TURN = 1;
export const SURROUNDINGS_TURN = 2;
export const TURNS = 2;

/** The turns of one hydration, readable synchronously as a render must. */
export interface HydrationTurns {
  /** Whether the turn has come: its parts are taken over at once. */
  hasCome(turn: number): boolean;
  /** Settles when the turn comes. */
  coming(turn: number): Promise<void>;
  /** Lets the turns come, once the rest of the screen has been taken over; calls after the first change nothing. */
  begin(): void;
}

/**
 * Turns 1 to `count`, none of which has come yet. Once begun, they come one after another, each once `between` has
 * settled after the one before.
 */
export function hydrationTurns(between: () => Promise<void>, count = TURNS): HydrationTurns {
  let come = 0;
  let begun = false;
  const releases: (() => void)[] = [];
  const promises = Array.from(
    { length: count },
    (_, index) => new Promise<void>((resolve) => (releases[index] = resolve)),
  );
  return {
    hasCome: (turn) => Math.min(turn, count) <= come,
    coming: (turn) => promises[Math.min(turn, count) - 1] ?? Promise.resolve(),
    begin() {
      if (begun) return;
      begun = true;
      void (async () => {
        while (come < count) {
          await between();
          come += 1;
          releases[come - 1]!();
        }
      })();
    },
  };
}

const TurnsContext = createContext<HydrationTurns | undefined>(undefined);

/**
 * Where the turns come from: the browser gives them for a first visit's hydration, the prerender and every other
 * render none. Rendered alike either way, so that the server's and the browser's trees have the same shape (useId).
 */
export function HydrationTurnsProvider({
  turns,
  children,
}: {
  turns: HydrationTurns | undefined;
  children: ReactNode;
}) {
  // Effects run once the hydration has been committed: React schedules that render in a task of its own, which the
  // first turn must not overtake.
  useEffect(() => turns?.begin(), [turns]);
  return <TurnsContext.Provider value={turns}>{children}</TurnsContext.Provider>;
}

function Waiting({ turn, children }: { turn: number; children: ReactNode }) {
  const turns = useContext(TurnsContext);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense waits on a thrown promise, then renders again
  if (turns !== undefined && !turns.hasCome(turn)) throw turns.coming(turn);
  return <>{children}</>;
}

/**
 * Its children, taken over in their turn of a first hydration, and rendered at once where there are no turns. Also
 * a Suspense boundary showing nothing, for a part that suspends of itself (a widget whose code has not arrived).
 */
export function HydrateLater({ turn, children }: { turn: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Waiting turn={turn}>{children}</Waiting>
    </Suspense>
  );
}

/**
 * False in a component's first render on a page whose prerendered markup the browser takes over, true from its next
 * render on (and at once on every other page). React's hydration keeps attributes as the server drew them (the
 * server draws no query string) and a difference in them is not corrected: what puts the query into an attribute (a
 * link's href) renders first as the server drew it, then again with the query, which a render after hydration does
 * write.
 */
export function useTakenOver(): boolean {
  const turns = useContext(TurnsContext);
  const [takenOver, setTakenOver] = useState(turns === undefined);
  useEffect(() => {
    if (!takenOver) setTakenOver(true);
  }, [takenOver]);
  return takenOver;
}
