/** A click's parameters are kept at once: the visitor may leave before answering and come back without them. */
import { useEffect } from 'react';
import type { RecordUpdate } from '../state/atoms.ts';
import { carriesClick, withAttribution } from '../state/attribution.ts';
import type { EngineSettings } from './engine-settings.tsx';

/**
 * An arrival without any waits for the first answer, so a mere look at the page stores nothing. `landing`: where the
 * visit came from (none in the prerender); `keeps`: whether the screen stores it.
 */
export function useKeepClickAttribution(
  landing: EngineSettings['arrival'],
  keeps: boolean,
  setRecord: (update: RecordUpdate) => void,
): void {
  useEffect(() => {
    if (landing === undefined || !keeps) return;
    setRecord((previous) =>
      previous === null && !carriesClick(landing) ? previous : withAttribution(previous, landing),
    );
  }, [landing, keeps, setRecord]);
}
