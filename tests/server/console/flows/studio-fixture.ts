/** The flow studio's server tests: the console app, users of each role, and the API's calls as the console makes them. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../../../contracts/console.ts';
import {
  draftPublishPath,
  FLOW_DRAFTS_PATH,
  flowDraftPath,
  type FlowDraft,
} from '../../../../contracts/flow-studio.ts';
import type { Queryable } from '../../../../server/platform/db/types.ts';
import { consoleHeaders } from '../../../support/console-app.ts';
import { consoleUserWithSession, type TestConsoleUser } from '../../../support/console-users.ts';

export interface StudioRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The user whose session the call carries; none: signed out. */
  as?: TestConsoleUser;
  body?: unknown;
}

/** A call with the XSRF pair and the user's session cookie, as the console's pages send it. */
export function studioCall(app: FastifyInstance, request: StudioRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...consoleHeaders(request.as?.cookie),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}

let users = 0;

/** A user of `role` with a session, a fresh email each time. */
export function studioUser(db: Queryable, role: Role): Promise<TestConsoleUser> {
  users += 1;
  return consoleUserWithSession(db, role, `${role}-${users}-${Date.now()}@example.com`);
}

/** A new draft of `base`, made by `as`. */
export async function newDraft(app: FastifyInstance, as: TestConsoleUser, base = 'v1'): Promise<FlowDraft> {
  const response = await studioCall(app, { method: 'POST', url: FLOW_DRAFTS_PATH, as, body: { base } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FlowDraft>();
}

/** The draft saved with `overlay`, from the revision it has; the saved draft. */
export async function saved(
  app: FastifyInstance,
  as: TestConsoleUser,
  draft: FlowDraft,
  overlay: Record<string, unknown>,
): Promise<FlowDraft> {
  const response = await studioCall(app, {
    method: 'PUT',
    url: flowDraftPath(draft.id),
    as,
    body: { overlay, revision: draft.revision },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FlowDraft>();
}

/** The draft published under `name`, from the revision it has. */
export function publish(
  app: FastifyInstance,
  as: TestConsoleUser,
  draft: FlowDraft,
  name: string,
): Promise<LightMyRequestResponse> {
  return studioCall(app, {
    method: 'POST',
    url: draftPublishPath(draft.id),
    as,
    body: { name, revision: draft.revision },
  });
}

let names = 0;

/** A name no other test publishes, for the database a suite shares. */
export const freshName = (stem: string): string => `${stem}-${(names += 1)}-${Date.now().toString(36)}`;
