/** The order buyers are offered a lead in. */

/** Lowest priority number first; buyers of equal priority keep the order given (BUYERS_FILE's). */
export function inPriorityOrder<T extends { readonly priority: number }>(buyers: readonly T[]): T[] {
  // Array.prototype.sort is stable: equal priorities keep their places.
  return [...buyers].sort((a, b) => a.priority - b.priority);
}
