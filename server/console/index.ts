/**
 * The console's API under /api/admin, one plugin: sign-in and sessions, the second factor, users and invitations, the
 * audit log, the leads and what operators do with them, the buyers' report, the funnel, and the flow studio (with its
 * preview, a page under /studio-preview). Its session hook puts the signed-in user on its own requests only.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../platform/db/types.ts';
import type { SecondFactorMode } from '../platform/config/parsers.ts';
import { buyerNames, type Buyer, type BuyerEventQueue, type DeliveryControl } from '../buyers/index.ts';
import type { EventStore, FlowSteps } from '../funnel/index.ts';
import type { DeliveryQueue, Lender } from '../intake/index.ts';
import type { VersionCatalog } from '../page/index.ts';
import { registerConsoleAuditRoutes } from './audit/audit-routes.ts';
import { registerConsoleBuyerRoutes } from './buyers/buyer-routes.ts';
import { registerConsoleFunnelRoutes } from './funnel/funnel-routes.ts';
import { registerConsentRevocationRoute } from './leads/consent-revocation-routes.ts';
import { readAnswerLabels } from './leads/answer-labels.ts';
import { registerConsoleLeadRoutes } from './leads/lead-routes.ts';
import { registerSecondFactorRoutes } from './second-factor/second-factor-routes.ts';
import { registerConsoleSessionRoutes } from './sign-in/session-routes.ts';
import { registerConsoleSessions } from './sign-in/sessions.ts';
import { registerConsoleUserRoutes } from './users/user-routes.ts';
import { registerConsoleInvitationRoutes } from './users/invitation-routes.ts';
import { registerConsolePasswordRoutes } from './users/password-routes.ts';
import { registerConsoleUserAccessRoutes } from './users/user-access-routes.ts';
import { registerFlowStudio } from './flows/flow-studio.ts';

export { auditVisitorRevocation } from './audit/audit.ts';
export { hashPassword } from './sign-in/passwords.ts';
export { ensureFirstAdmin } from './users/first-admin.ts';
export { createUser } from './users/users.ts';

export interface ConsoleOptions {
  db: Database;
  /** The clock of sessions, invitations and the buyers' caps. */
  now: () => number;
  /** Redeliver and release put a lead back on the queue; without both, the lead actions answer 503. */
  delivery?: { queue: DeliveryQueue; control: DeliveryControl };
  /** The buyers leads are routed to: the console names them on a lead's page and reports on them. */
  buyers: readonly Buyer[];
  /** The lenders the consent names, each with or without a buyer. */
  lenders: readonly Lender[];
  /** Where `lead.revoked` events go; without it, recording a consent revocation answers 503. */
  buyerEvents?: BuyerEventQueue;
  /** The flow files a lead's answers are labelled from, by the lead's version. */
  flowsDir: string;
  /** The funnel's steps and its event store, flushed before each report so it counts every batch accepted. */
  flowSteps: FlowSteps;
  events: EventStore;
  /** CONSOLE_MFA: whether admins must sign in with a second factor (docs/decisions/065-console-second-factor.md). */
  secondFactor: SecondFactorMode;
  /** The published versions (server/page's catalog): the flow studio lists, drafts from, publishes and retires them. */
  catalog: VersionCatalog;
  /** SPLIT_TEST: the split test's weights until the flow studio sets some; default none. */
  splitTest?: ReadonlyMap<string, number>;
}

export const consoleApi: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  const { db, now, buyers } = options;
  // The session hook first, so every console route finds its signed-in user.
  registerConsoleSessions(app, db, now, options.secondFactor);
  registerConsoleSessionRoutes(app, db, now, options.secondFactor);
  registerSecondFactorRoutes(app, db, now, options.secondFactor);
  registerConsoleUserRoutes(app, db, now);
  registerConsoleInvitationRoutes(app, db, now, options.secondFactor);
  registerConsoleUserAccessRoutes(app, db, now);
  registerConsolePasswordRoutes(app, db, now);
  registerConsoleAuditRoutes(app, db);
  registerConsoleLeadRoutes(app, db, options.delivery, {
    names: buyerNames(buyers),
    labels: readAnswerLabels(options.flowsDir, options.catalog),
  });
  registerConsentRevocationRoute(app, db, options.buyerEvents);
  registerConsoleFunnelRoutes(app, db, options.flowSteps, options.events);
  registerConsoleBuyerRoutes(app, db, { buyers, lenders: options.lenders, now });
  registerFlowStudio(app, {
    db,
    now,
    flowsDir: options.flowsDir,
    catalog: options.catalog,
    splitTest: options.splitTest ?? new Map(),
  });
};
