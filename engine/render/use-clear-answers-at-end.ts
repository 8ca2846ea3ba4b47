/** The last step reads the answers once, as it opens, and then clears them from the browser (the flow's `end`). */
import { useLayoutEffect } from 'react';
import type { RecordUpdate } from '../state/atoms.ts';
import type { FormRecord } from '../state/record.ts';

/** `arrival`: the answers as the step opened, which it goes on showing. */
export function useClearAnswersAtEnd(
  end: boolean | undefined,
  arrival: FormRecord | null,
  setRecord: (update: RecordUpdate) => void,
): void {
  // A layout effect: it runs in the same task as the change of address, so a Back pressed as the screen appears
  // cannot leave the answers behind (a passive effect waits for the next frame and is dropped if the step unmounts).
  useLayoutEffect(() => {
    if (end && arrival !== null) setRecord(null);
  }, [end, arrival, setRecord]);
}
