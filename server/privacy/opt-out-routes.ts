/**
 * POST /api/v1/privacy/opt-out `{ "email" }`, `{ "phone" }` or both: the "Do Not Sell My Information" request.
 * 200 `{ "recorded": true }` once the opt-out is stored; leads with that email or phone are held back from buyers
 * from then on, those already stored and not yet delivered included, and every buyer that already received one is
 * told (RevokeFromBuyers). 400 names every bad field. The answer is the same whether or not any lead carries the
 * contact.
 */
import type { FastifyInstance } from 'fastify';
import { OPT_OUT_PATH } from '../../contracts/api-paths.ts';
import type { Database } from '../platform/db/types.ts';
import type { RevokeFromBuyers } from './consent-revocations.ts';
import { registerContactRequestRoute } from './contact-request-route.ts';
import { optOutAndRevoke } from './opt-out-revocations.ts';

/** Without `revoke` (no delivery configured) the opt-out is recorded and no buyer is told. */
export async function registerOptOutRoutes(
  app: FastifyInstance,
  db: Database,
  revoke?: RevokeFromBuyers,
): Promise<void> {
  await registerContactRequestRoute(app, {
    path: OPT_OUT_PATH,
    refusal: { error: 'invalid_opt_out', request: 'The opt-out' },
    logAs: 'opt-out',
    act: async (contact) => ({ revocations: await optOutAndRevoke(db, contact, revoke) }),
  });
}
