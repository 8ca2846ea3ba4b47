/**
 * Every /api/admin route against every role: 401 without a session, 403 for each role its ACCESS group leaves out,
 * neither for the roles it admits. The table names each route once; a route the app registers under /api/admin that
 * the table lacks fails the test, so a new console route cannot ship without its place here.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  AUDIT_PATH,
  CONSENT_REVOCATION,
  CONSOLE_API,
  COUNTS_PATH,
  INVITATIONS_PATH,
  LEAD_ACTIONS,
  LEAD_COUNT_PATH,
  LEADS_CSV_PATH,
  LEADS_PATH,
  PASSWORD_PATH,
  PASSWORD_RESETS_PATH,
  BUYERS_REPORT_PATH,
  ROLES,
  SESSION_PATH,
  USERS_PATH,
  userPasswordResetPath,
  userUnlockPath,
  type Role,
} from '../../../contracts/console.ts';
import {
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_REMOVAL_PATH,
  SECOND_FACTOR_SETUP_PATH,
  secondFactorResetPath,
  SIGN_IN_CODE_PATH,
} from '../../../contracts/console-second-factor.ts';
import { FUNNEL_CSV_PATH, FUNNEL_PATH } from '../../../contracts/funnel.ts';
import {
  draftPublishPath,
  draftTranslationsPath,
  FLOW_DRAFTS_PATH,
  FLOW_SPLIT_PATH,
  FLOW_VERSIONS_PATH,
  FLOWS_PATH,
  flowDraftPath,
  flowOverlayPath,
  flowRetirePath,
  flowVersionPath,
} from '../../../contracts/flow-studio.ts';
import { call, consoleApp, type ConsoleRequest } from '../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../support/console-database.ts';
import { consoleUserWithSession } from '../../support/console-users.ts';
import { DATABASES } from '../../support/server-harness.ts';
import { registeredRoutes } from '../hostile-input-answers.ts';

interface ConsoleRoute {
  method: ConsoleRequest['method'];
  /** As registered, with its parameters (":id"). */
  route: string;
  /** A request to it: parameters filled in, a body that passes its schema. */
  url: string;
  body?: unknown;
  /** Who may call it; 'public' for the routes that work signed out (sign-in, an invitation's link). */
  access: readonly Role[] | 'public';
}

const SOME_USER = '5b0c1d9e-0000-4000-8000-000000000000';
const SOME_TOKEN = 'A'.repeat(43);
const SOME_LEAD = '7c1e2f3a-0000-4000-8000-000000000000';
const SOME_DRAFT = '0b7f5c1e-0000-4000-8000-000000000000';

/** Every console route. Add a route's row here when adding the route. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'POST',
    route: SESSION_PATH,
    url: SESSION_PATH,
    body: { email: 'a@example.com', password: 'not the password' },
    access: 'public',
  },
  { method: 'GET', route: SESSION_PATH, url: SESSION_PATH, access: ACCESS.session },
  { method: 'DELETE', route: SESSION_PATH, url: SESSION_PATH, access: ACCESS.session },
  {
    method: 'POST',
    route: SIGN_IN_CODE_PATH,
    url: SIGN_IN_CODE_PATH,
    body: { code: '123456' },
    access: ACCESS.session,
  },
  { method: 'POST', route: SECOND_FACTOR_SETUP_PATH, url: SECOND_FACTOR_SETUP_PATH, access: ACCESS.session },
  {
    method: 'POST',
    route: SECOND_FACTOR_CONFIRM_PATH,
    url: SECOND_FACTOR_CONFIRM_PATH,
    body: { code: '123456' },
    access: ACCESS.session,
  },
  {
    method: 'POST',
    route: SECOND_FACTOR_REMOVAL_PATH,
    url: SECOND_FACTOR_REMOVAL_PATH,
    body: { code: '123456' },
    access: ACCESS.session,
  },
  {
    method: 'POST',
    route: secondFactorResetPath(':id'),
    url: secondFactorResetPath(SOME_USER),
    access: ACCESS.users,
  },
  {
    method: 'POST',
    route: PASSWORD_PATH,
    url: PASSWORD_PATH,
    body: { current_password: 'not the password', new_password: 'a long and fine password' },
    access: ACCESS.session,
  },
  { method: 'POST', route: userUnlockPath(':id'), url: userUnlockPath(SOME_USER), access: ACCESS.users },
  {
    method: 'POST',
    route: userPasswordResetPath(':id'),
    url: userPasswordResetPath(SOME_USER),
    access: ACCESS.users,
  },
  {
    method: 'GET',
    route: `${PASSWORD_RESETS_PATH}/:token`,
    url: `${PASSWORD_RESETS_PATH}/${SOME_TOKEN}`,
    access: 'public',
  },
  {
    method: 'POST',
    route: `${PASSWORD_RESETS_PATH}/:token`,
    url: `${PASSWORD_RESETS_PATH}/${SOME_TOKEN}`,
    body: { password: 'a long and fine password' },
    access: 'public',
  },
  { method: 'GET', route: USERS_PATH, url: USERS_PATH, access: ACCESS.users },
  {
    method: 'POST',
    route: USERS_PATH,
    url: USERS_PATH,
    body: { email: 'invited@example.com', role: 'marketer' },
    access: ACCESS.users,
  },
  { method: 'GET', route: `${USERS_PATH}/:id`, url: `${USERS_PATH}/${SOME_USER}`, access: ACCESS.users },
  {
    method: 'PATCH',
    route: `${USERS_PATH}/:id`,
    url: `${USERS_PATH}/${SOME_USER}`,
    body: { role: 'operator' },
    access: ACCESS.users,
  },
  {
    method: 'POST',
    route: `${USERS_PATH}/:id/status`,
    url: `${USERS_PATH}/${SOME_USER}/status`,
    body: { status: 'disabled' },
    access: ACCESS.users,
  },
  {
    method: 'GET',
    route: `${INVITATIONS_PATH}/:token`,
    url: `${INVITATIONS_PATH}/${SOME_TOKEN}`,
    access: 'public',
  },
  {
    method: 'POST',
    route: `${INVITATIONS_PATH}/:token`,
    url: `${INVITATIONS_PATH}/${SOME_TOKEN}`,
    body: { password: 'a long and fine password' },
    access: 'public',
  },
  { method: 'GET', route: AUDIT_PATH, url: AUDIT_PATH, access: ACCESS.audit },
  { method: 'GET', route: LEADS_PATH, url: LEADS_PATH, access: ACCESS.leads },
  { method: 'GET', route: LEAD_COUNT_PATH, url: `${LEAD_COUNT_PATH}?status=held`, access: ACCESS.leads },
  {
    method: 'GET',
    route: LEADS_CSV_PATH,
    url: `${LEADS_CSV_PATH}?from=2026-01-01&to=2026-01-31`,
    access: ACCESS.leads,
  },
  { method: 'GET', route: `${LEADS_PATH}/:id`, url: `${LEADS_PATH}/${SOME_LEAD}`, access: ACCESS.leads },
  ...LEAD_ACTIONS.map((action): ConsoleRoute => ({
    method: 'POST',
    route: `${LEADS_PATH}/:id/${action}`,
    url: `${LEADS_PATH}/${SOME_LEAD}/${action}`,
    access: ACCESS.leads,
  })),
  {
    method: 'POST',
    route: `${LEADS_PATH}/:id/${CONSENT_REVOCATION}`,
    url: `${LEADS_PATH}/${SOME_LEAD}/${CONSENT_REVOCATION}`,
    access: ACCESS.leads,
  },
  { method: 'GET', route: COUNTS_PATH, url: COUNTS_PATH, access: ACCESS.counts },
  { method: 'GET', route: BUYERS_REPORT_PATH, url: BUYERS_REPORT_PATH, access: ACCESS.lenders },
  { method: 'GET', route: FUNNEL_PATH, url: `${FUNNEL_PATH}?version=v1`, access: ACCESS.funnel },
  { method: 'GET', route: FUNNEL_CSV_PATH, url: `${FUNNEL_CSV_PATH}?version=v1`, access: ACCESS.funnel },
  { method: 'GET', route: FLOWS_PATH, url: FLOWS_PATH, access: ACCESS.flows },
  { method: 'GET', route: `${FLOW_VERSIONS_PATH}/:name`, url: flowVersionPath('v2'), access: ACCESS.flows },
  { method: 'GET', route: `${FLOW_VERSIONS_PATH}/:name/overlay`, url: flowOverlayPath('v2'), access: ACCESS.flows },
  {
    method: 'POST',
    route: `${FLOW_VERSIONS_PATH}/:name/retire`,
    url: flowRetirePath('v2'),
    access: ACCESS.flowChanges,
  },
  { method: 'POST', route: FLOW_DRAFTS_PATH, url: FLOW_DRAFTS_PATH, body: { base: 'v1' }, access: ACCESS.flowChanges },
  { method: 'GET', route: `${FLOW_DRAFTS_PATH}/:id`, url: flowDraftPath(SOME_DRAFT), access: ACCESS.flows },
  {
    method: 'PUT',
    route: `${FLOW_DRAFTS_PATH}/:id`,
    url: flowDraftPath(SOME_DRAFT),
    body: { overlay: {}, revision: 1 },
    access: ACCESS.flowChanges,
  },
  { method: 'DELETE', route: `${FLOW_DRAFTS_PATH}/:id`, url: flowDraftPath(SOME_DRAFT), access: ACCESS.flowChanges },
  {
    method: 'PUT',
    route: `${FLOW_DRAFTS_PATH}/:id/translations`,
    url: draftTranslationsPath(SOME_DRAFT),
    body: { language: 'es', texts: {}, revision: 1 },
    access: ACCESS.flowChanges,
  },
  {
    method: 'POST',
    route: `${FLOW_DRAFTS_PATH}/:id/publish`,
    url: draftPublishPath(SOME_DRAFT),
    body: { name: 'spring-promo', revision: 1 },
    access: ACCESS.flowChanges,
  },
  {
    method: 'PUT',
    route: FLOW_SPLIT_PATH,
    url: FLOW_SPLIT_PATH,
    body: { weights: { v1: 100 } },
    access: ACCESS.flowChanges,
  },
];

/** The routes the app registers under /api/admin, as "METHOD /path"; HEAD comes with every GET. */
function registeredConsoleRoutes(app: FastifyInstance): string[] {
  return registeredRoutes(app)
    .filter((route) => route.path.startsWith(`${CONSOLE_API}/`) && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.path}`)
    .sort();
}

describe.each(DATABASES)('console route x role matrix on $name', { timeout: 30_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('lists every /api/admin route the app registers', async () => {
    const app = await consoleApp(suite.db);
    const listed = CONSOLE_ROUTES.map((route) => `${route.method} ${route.route}`).sort();
    expect(registeredConsoleRoutes(app)).toEqual(listed);
  });

  it.each(CONSOLE_ROUTES.filter((route) => route.access !== 'public'))(
    '$method $route: 401 signed out, 403 for the roles it leaves out, neither for the others',
    async (route) => {
      const app = await consoleApp(suite.db);
      const signedOut = await call(app, { method: route.method, url: route.url, body: route.body });
      expect(signedOut.statusCode, 'signed out').toBe(401);

      for (const role of ROLES) {
        // A user and session of its own for each request: a sign-out or a disabled user must not touch the next.
        const user = await consoleUserWithSession(suite.db, role, `${role}-${randomUUID()}@example.com`);
        const response = await call(app, {
          method: route.method,
          url: route.url,
          body: route.body,
          cookie: user.cookie,
        });
        const allowed = (route.access as readonly Role[]).includes(role);
        if (allowed) expect([401, 403], `${role}: ${response.body}`).not.toContain(response.statusCode);
        else expect(response.statusCode, role).toBe(403);
      }
    },
  );

  it.each(CONSOLE_ROUTES.filter((route) => route.access === 'public'))(
    '$method $route works signed out',
    async (route) => {
      const app = await consoleApp(suite.db);
      const response = await call(app, { method: route.method, url: route.url, body: route.body });
      // A failed sign-in is 401 too, but not the access check's answer.
      expect(['not_signed_in', 'forbidden']).not.toContain(response.json().error);
    },
  );
});
