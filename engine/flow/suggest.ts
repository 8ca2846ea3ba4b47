/** "Did you mean ...?": the closest known name to a misspelt one, shared by every flow check message. */

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbouring
 * characters each cost 1, so "hedaing" is 1 away from "heading".
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // rows[i][j]: distance between the first i characters of a and the first j of b.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** How far a name may be from a candidate and still be taken for a typo of it. */
function tolerance(name: string): number {
  if (name.length <= 2) return 0;
  if (name.length <= 5) return 1;
  return Math.max(2, Math.floor(name.length / 4));
}

/**
 * How far `wanted` is from a candidate: the edit distance, or, a half step further, that of the candidate's first or
 * last words (split at "-" and "_"), so "revenue" finds "average-monthly-revenue" and "start_yaer" "business_start_year".
 */
function closeness(wanted: string, candidate: string): number {
  let best = editDistance(wanted, candidate);
  for (let i = 0; i < candidate.length; i++) {
    if (candidate[i] !== '-' && candidate[i] !== '_') continue;
    best = Math.min(
      best,
      editDistance(wanted, candidate.slice(i + 1)) + 0.5,
      editDistance(wanted, candidate.slice(0, i)) + 0.5,
    );
  }
  return best;
}

/**
 * The candidate closest to `name` (ignoring case), when it is close enough to be a likely typo; the first of equally
 * close candidates wins. Never suggests `name` itself.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = closeness(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= tolerance(name) ? best : undefined;
}

/** ` (did you mean "x"?)` when a close candidate exists, otherwise an empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const close = suggest(name, candidates);
  return close === undefined ? '' : ` (did you mean "${close}"?)`;
}

/**
 * ` (did you mean "x"?)` when a close candidate exists, otherwise the whole list, e.g. ` (steps: start, amount)`, so
 * the reader always learns what to write instead.
 */
export function didYouMeanOrList(name: string, candidates: readonly string[], noun: string): string {
  const hint = didYouMean(name, candidates);
  if (hint !== '' || candidates.length === 0) return hint;
  return ` (${noun}: ${candidates.join(', ')})`;
}
