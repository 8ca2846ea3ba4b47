/**
 * The visitor's privacy: "Do Not Sell My Information" opt-outs by email or phone, which hold back every lead that
 * carries them and, through the buyers' side, revoke those already sold; and the keys that find a visitor's leads
 * without searching personal data.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../platform/db/types.ts';
import type { RevokeFromBuyers } from './opt-out-revocations.ts';
import { registerOptOutRoutes } from './opt-out-routes.ts';

export { contactKeys, contactSha256 } from './contact-keys.ts';
export { holdIfOptedOut } from './opt-outs.ts';
export type { RevokeFromBuyers } from './opt-out-revocations.ts';

export interface PrivacyOptions {
  db: Database;
  /** How the buyers that received an opted-out visitor's leads are told; without it the opt-out is only recorded. */
  revoke?: RevokeFromBuyers;
}

export const privacy: FastifyPluginAsync<PrivacyOptions> = async (app, { db, revoke }) => {
  await registerOptOutRoutes(app, db, revoke);
};
