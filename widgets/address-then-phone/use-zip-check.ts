/**
 * The address's ZIP code as the lookup judged it: lookups through the form context (only the latest one answers), each
 * answer noted and then shown, the ZIP the lookup confirmed and the one it refused. These live in refs, not in state:
 * the first button's check reads them right after awaiting a lookup, before any render, and nothing drawn reads them.
 */
import { useRef } from 'react';
import type { FormContext } from '../../engine/widget-contract.ts';
import { useZipLookup, type ZipAnswer } from '../shared/use-zip-lookup.ts';

export const ZIP_LENGTH = 5;

export interface ZipCheck {
  /** Looks `zip` up in place of any lookup running; answers once its answer is noted and shown. */
  lookUp(zip: string): Promise<void>;
  /** The ZIP changed: the lookup running is dropped, and the ZIP is no longer confirmed. */
  forget(): void;
  /**
   * Waits for the lookup running, then looks the ZIP up again (read once that one has answered) when no answer is
   * known for it: a lookup the network failed is asked again; a ZIP the service refused is not.
   */
  settle(currentZip: () => string): Promise<void>;
  /** Whether the lookup confirmed `zip`. */
  confirms(zip: string | undefined): boolean;
  /** The error the lookup refused `zip` with, if it did. */
  refusalOf(zip: string): string | undefined;
}

/**
 * `restoredZip`: the ZIP of restored answers whose city and state came from a lookup or a chosen place, so it was
 * confirmed then. `show`: puts an answer on the screen (the error, city and state).
 */
export function useZipCheck(
  context: FormContext,
  notFound: string,
  restoredZip: string | undefined,
  show: (answer: ZipAnswer) => void,
): ZipCheck {
  const zipLookup = useZipLookup(context, notFound);
  // The last lookup with its answer applied; the first button waits for it before checking the ZIP.
  const lastLookup = useRef<Promise<void>>(undefined);
  const confirmedZip = useRef(restoredZip);
  // A ZIP the lookup refused (unknown, or outside the served area) and the error it got.
  const refusedZip = useRef<{ zip: string; error: string }>(undefined);

  const note = (answer: ZipAnswer | undefined) => {
    if (answer === undefined) return;
    if ('place' in answer) confirmedZip.current = answer.zip;
    else refusedZip.current = { zip: answer.zip, error: answer.error };
    show(answer);
  };

  const lookUp = (zip: string): Promise<void> => {
    const applied = zipLookup.lookUp(zip).then(note);
    lastLookup.current = applied;
    return applied;
  };

  return {
    lookUp,
    forget() {
      zipLookup.cancel();
      lastLookup.current = undefined;
      confirmedZip.current = undefined;
    },
    async settle(currentZip) {
      await lastLookup.current;
      const zip = currentZip();
      if (zip.length === ZIP_LENGTH && confirmedZip.current !== zip && refusedZip.current?.zip !== zip) {
        await lookUp(zip);
      }
    },
    confirms: (zip) => zip !== undefined && confirmedZip.current === zip,
    refusalOf: (zip) => (refusedZip.current?.zip === zip ? refusedZip.current.error : undefined),
  };
}
