/**
 * ZIP lookups through the form context, for the widgets that take a ZIP code: the step is busy while a lookup runs,
 * only the latest lookup answers (a new lookup, `cancel` or the widget leaving makes earlier ones answer `undefined`),
 * and the answer is already sorted: a place in the served area, or the error to show for the ZIP code.
 */
import { useEffect, useRef } from 'react';
import type { ZipPlace } from '../../engine/api/client.ts';
import { useLatest } from '../../engine/render/use-latest.ts';
import { OUTSIDE_SERVED_AREA, zipArea } from '../../contracts/served-area.ts';
import type { FormContext } from '../../engine/widget-contract.ts';

/** A known ZIP code in the served area, or the error for one the lookup refused (unknown, or a US territory's). */
export type ZipAnswer = { zip: string } & ({ place: ZipPlace } | { error: string });

export interface ZipLookup {
  /** Undefined when a later lookup or a cancel overtook this one, or when the server could not be reached. */
  lookUp(zip: string): Promise<ZipAnswer | undefined>;
  cancel(): void;
}

/** `notFound`: the error for a ZIP code the lookup does not know (the widget's option). */
export function useZipLookup(context: FormContext, notFound: string): ZipLookup {
  // Lookups answer after renders: they reach the engine through the context of the latest render.
  const live = useLatest(context);
  const latestNotFound = useLatest(notFound);
  const ticket = useRef(0);
  const running = useRef<Promise<unknown>>(undefined);

  const cancel = () => {
    ticket.current += 1;
    if (running.current === undefined) return;
    running.current = undefined;
    live.current.setBusy(false);
  };

  const lookUp = (zip: string): Promise<ZipAnswer | undefined> => {
    cancel();
    const mine = ticket.current;
    const isLatest = () => mine === ticket.current;
    live.current.setBusy(true);
    const lookup = live.current.api
      .lookupZip(zip)
      .then(
        (found): ZipAnswer | undefined => {
          if (!isLatest()) return undefined;
          const area = zipArea(zip, found?.state);
          if (found && area === 'served') return { zip, place: found };
          return {
            zip,
            error: area === 'outside' ? live.current.message(OUTSIDE_SERVED_AREA) : latestNotFound.current,
          };
        },
        // The server could not be reached: nothing the visitor can fix; the ZIP's own checks still apply.
        () => undefined,
      )
      .finally(() => {
        if (!isLatest()) return;
        running.current = undefined;
        live.current.setBusy(false);
      });
    running.current = lookup;
    return lookup;
  };

  // On unmount only: `cancel` reads refs alone, so the first render's copy cancels whatever runs by then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => cancel, []);

  return { lookUp, cancel };
}
