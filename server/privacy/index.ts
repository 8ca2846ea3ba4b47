/**
 * The visitor's privacy: "Do Not Sell My Information" opt-outs by email or phone, which hold back every lead that
 * carries them and, through the buyers' side, revoke those already sold; revocations of consent to be contacted, by
 * the visitor ("Stop contacting me") or told to an operator; and the keys that find a visitor's leads without
 * searching personal data.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../platform/db/types.ts';
import type { RevokeFromBuyers } from './consent-revocations.ts';
import { registerOptOutRoutes } from './opt-out-routes.ts';
import type { AuditVisitorRevocation } from './stop-contacting.ts';
import { registerStopContactingRoute } from './stop-contacting-routes.ts';

export { contactKeys, contactSha256 } from './contact-keys.ts';
export { revokeConsentOf, type RevocationCause, type RevokeFromBuyers } from './consent-revocations.ts';
export { holdIfOptedOut } from './opt-outs.ts';
export type { AuditVisitorRevocation } from './stop-contacting.ts';

export interface PrivacyOptions {
  db: Database;
  /**
   * How the buyers that received an opted-out or revoked visitor's leads are told; without it the opt-out or the
   * revocation is only recorded.
   */
  revoke?: RevokeFromBuyers;
  /** Where a visitor's "Stop contacting me" is written in the console's audit log. */
  auditVisitorRevocation: AuditVisitorRevocation;
}

export const privacy: FastifyPluginAsync<PrivacyOptions> = async (app, { db, revoke, auditVisitorRevocation }) => {
  await registerOptOutRoutes(app, db, revoke);
  await registerStopContactingRoute(app, db, { revoke, audit: auditVisitorRevocation });
};
