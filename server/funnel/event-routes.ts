/**
 * POST /api/events: the funnel's step events, as the page sends them with navigator.sendBeacon (docs/decisions/
 * 024-funnel-events.md). A beacon cannot set a header, so the XSRF double-submit token comes in the body (`xsrf`) and
 * is checked here against the cookie; the global check lets this route through. A beacon sends a string as
 * text/plain;charset=UTF-8, so that type is read as JSON too. Answers 204 once the batch is validated and queued for
 * the next write (server/funnel/event-store.ts), or 503 when the database is too far behind. The page never reads the
 * answer of a beacon, so a slow or failing endpoint changes nothing for the visitor.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponse, type ErrorResponse } from '../../contracts/api.ts';
import { XSRF_COOKIE, XSRF_REFUSED } from '../../contracts/api-paths.ts';
import { EVENTS_PATH, eventBatch, type EventBatch } from '../../contracts/funnel.ts';
import { fieldErrors, invalidFields } from '../platform/http/field-errors.ts';
import type { EventStore } from './event-store.ts';
import type { FlowSteps } from './flow-steps.ts';
import { sameToken } from '../platform/http/xsrf.ts';

/** 50 events of about 100 bytes, three campaign fields of 256 characters, room for JSON's escapes. */
export const EVENTS_BODY_LIMIT = 16 * 1024;

const SUBJECT = 'The event batch';

const BEHIND: ErrorResponse = { error: 'unavailable', message: 'Events cannot be received right now' };

function xsrfRefused(message: string): ErrorResponse {
  return { error: XSRF_REFUSED, message, fields: [{ field: 'xsrf', keyword: 'const', message }] };
}

const NO_COOKIE = xsrfRefused(`No ${XSRF_COOKIE} cookie was sent: load a page first, then send its value in xsrf`);
const WRONG_TOKEN = xsrfRefused(`xsrf must be the value of the ${XSRF_COOKIE} cookie`);

/** The batch's version and steps must be the flows': the first problem of each kind is named. */
function unknownNames(batch: EventBatch, flows: FlowSteps): ErrorResponse | undefined {
  const steps = flows.get(batch.flow_version);
  if (steps === undefined) {
    const known = [...flows.keys()].join(', ');
    return invalidFields(SUBJECT, [{ field: 'flow_version', keyword: 'enum', message: `must be one of: ${known}` }]);
  }
  const index = batch.events.findIndex((event) => !steps.includes(event.step));
  if (index === -1) return undefined;
  return invalidFields(SUBJECT, [
    { field: `events.${index}.step`, keyword: 'enum', message: `must be a step of ${batch.flow_version}` },
  ]);
}

function refuse(reply: FastifyReply, status: number, body: ErrorResponse) {
  reply.log.info({ statusCode: status, fields: body.fields?.map((field) => field.field) }, 'event batch refused');
  return reply.code(status).send(body);
}

export async function registerEventRoutes(app: FastifyInstance, flows: FlowSteps, events: EventStore): Promise<void> {
  // What was accepted is written before the server stops.
  app.addHook('onClose', () => events.flush());
  // Its own scope, so reading text/plain as JSON stays this route's.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
    scope.post<{ Body: EventBatch }>(
      EVENTS_PATH,
      {
        bodyLimit: EVENTS_BODY_LIMIT,
        // navigator.sendBeacon cannot set the XSRF header: the batch carries the token, checked below.
        config: { rateLimit: 'events', forgeryCheck: 'token-in-body' },
        schema: { body: eventBatch, response: { '4xx': errorResponse, 503: errorResponse } },
        schemaErrorFormatter: fieldErrors(SUBJECT),
      },
      async (request, reply) => {
        const batch = request.body;
        const cookie = request.visitToken;
        if (cookie === undefined) return refuse(reply, 403, NO_COOKIE);
        if (!sameToken(batch.xsrf, cookie)) return refuse(reply, 403, WRONG_TOKEN);
        const unknown = unknownNames(batch, flows);
        if (unknown !== undefined) return refuse(reply, 400, unknown);
        if (!events.accept(batch)) return reply.code(503).send(BEHIND);
        return reply.code(204).send();
      },
    );
  });
}
