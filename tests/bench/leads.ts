/** The leads the intake measurement sends: the valid fixture, each with its own email address and phone number. */
import { validLead } from '../support/lead-fixture.ts';

/** The n-th lead of a run; `runTag` keeps runs apart. Phone numbers are 310-2xx-xxxx and up, 8 million apart. */
export function benchLead(runTag: string, n: number): Record<string, unknown> {
  return validLead({
    email: `lead.${runTag}.${n}@example.com`,
    phone: `310${String(2_000_000 + (n % 8_000_000)).padStart(7, '0')}`,
  });
}
