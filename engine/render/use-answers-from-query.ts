/** A link may carry answers (the flow's `query`): they are stored as the screen opens, as if the visitor gave them. */
import { useEffect } from 'react';
import type { Flow } from '../flow/definition.ts';
import { answersFromQuery } from '../flow/navigation.ts';
import type { RecordUpdate } from '../state/atoms.ts';

/** `keeps`: whether the screen stores what the visit arrived with. */
export function useAnswersFromQuery(
  query: Flow['query'],
  search: string,
  keeps: boolean,
  setRecord: (update: RecordUpdate) => void,
): void {
  useEffect(() => {
    const fromQuery = answersFromQuery(query, search);
    if (!keeps || Object.keys(fromQuery).length === 0) return;
    setRecord((previous) => ({ ...previous, ...fromQuery }));
  }, [query, search, keeps, setRecord]);
}
