/**
 * POST /api/v1/privacy/stop-contacting `{ "email" }`, `{ "phone" }` or both: the "Stop contacting me" request, the
 * visitor's revocation of consent to be contacted about the leads sent with them. 200 `{ "recorded": true }` once
 * recorded (stop-contacting.ts), the same whether or not any lead carries the contact; 400 names every bad field.
 */
import type { FastifyInstance } from 'fastify';
import { STOP_CONTACTING_PATH } from '../../contracts/api-paths.ts';
import type { Database } from '../platform/db/types.ts';
import { registerContactRequestRoute } from './contact-request-route.ts';
import { stopContacting, type StopContactingSides } from './stop-contacting.ts';

export async function registerStopContactingRoute(
  app: FastifyInstance,
  db: Database,
  sides: StopContactingSides,
): Promise<void> {
  await registerContactRequestRoute(app, {
    path: STOP_CONTACTING_PATH,
    refusal: { error: 'invalid_revocation', request: 'The revocation' },
    logAs: 'consent revocation',
    act: async (contact) => {
      const done = await stopContacting(db, contact, sides);
      return {
        leads: done.leads.length,
        held: done.leads.filter((lead) => lead.heldNow).length,
        revocations: done.buyersTold,
      };
    },
  });
}
