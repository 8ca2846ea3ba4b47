/**
 * The participating lenders' file (site/content/lenders.json) beyond its schema: each id and each name once. The site's
 * content check and the server's start read it with this one rule, so a repeat reads alike wherever it is found.
 */
import type { Located } from './json-file.ts';
import { pointerTo } from '../flow/explain.ts';
import type { LendersFile } from './schemas.ts';

export type Lender = LendersFile['lenders'][number];

/** Every id or name that repeats an earlier one, at its pointer, naming where it first appears. */
export function lenderRepeats(lenders: readonly Lender[]): Located[] {
  const found: Located[] = [];
  for (const key of ['id', 'name'] as const) {
    const first = new Map<string, number>();
    lenders.forEach((lender, index) => {
      const earlier = first.get(lender[key]);
      if (earlier === undefined) {
        first.set(lender[key], index);
        return;
      }
      found.push({
        pointer: pointerTo('/lenders', index, key),
        message: `${JSON.stringify(lender[key])} is listed twice (first at ${pointerTo('/lenders', earlier, key)}): each lender's ${key} must be its own`,
      });
    });
  }
  return found;
}

/** The names, in the file's order: what the consent text shows, and all the page ever receives of the file. */
export function lenderNames(lenders: readonly Lender[]): string[] {
  return lenders.map((lender) => lender.name);
}
