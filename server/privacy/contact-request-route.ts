/**
 * The visitor's privacy requests that name an email or a phone (contracts/opt-out.ts): "Do Not Sell" and "Stop
 * contacting me" take the same body, the same checks and limits (the leads' rate limit, XSRF as every state-changing
 * call), and give the same answer, 200 `{ "recorded": true }` whether or not any lead carries the contact, so neither
 * tells anyone whether a lead exists. 400 names every bad field.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, type ErrorResponse, optOutRecorded } from '../../contracts/api.ts';
import { checkOptOut, type OptOutContact } from '../../contracts/opt-out.ts';
import { invalidFieldsBody } from '../platform/http/errors.ts';

/** An email address and a phone number with room to spare. */
const CONTACT_BODY_LIMIT = 4096;

export interface ContactRequestRoute {
  path: string;
  /** The refusal's `error`, and the request's name in its message ("The opt-out has 1 invalid field: phone"). */
  refusal: { error: string; request: string };
  /** What the log calls the request: "opt-out" logs "opt-out refused" and "opt-out recorded". */
  logAs: string;
  /**
   * Does what the request asks; what it answers goes to the log only (counts, never the contact): the visitor's
   * answer must not say whether the contact had leads.
   */
  act: (contact: OptOutContact) => Promise<Record<string, number>>;
}

function refusalOf(route: ContactRequestRoute, fields: NonNullable<ErrorResponse['fields']>): ErrorResponse {
  const { error, request } = route.refusal;
  if (fields.length === 0) return { error, message: 'The request must be a JSON object', fields };
  return invalidFieldsBody(error, request, fields);
}

export async function registerContactRequestRoute(app: FastifyInstance, route: ContactRequestRoute): Promise<void> {
  // Its own scope, so the content types it refuses stay refused here only.
  await app.register(async (scope) => {
    // JSON only: text/plain (which Fastify otherwise reads as a string) gets 415 like any other type.
    scope.removeContentTypeParser('text/plain');
    scope.post(
      route.path,
      {
        bodyLimit: CONTACT_BODY_LIMIT,
        config: { rateLimit: 'leads' },
        schema: { response: { 200: optOutRecorded, '4xx': errorResponse } },
      },
      async (request, reply) => {
        const checked = checkOptOut(request.body);
        if (!checked.ok) {
          request.log.info({ fields: checked.fields.map((field) => field.field) }, `${route.logAs} refused`);
          return reply.code(400).send(refusalOf(route, checked.fields));
        }
        const done = await route.act(checked.contact);
        request.log.info({ kinds: Object.keys(checked.contact), ...done }, `${route.logAs} recorded`);
        return { recorded: true as const };
      },
    );
  });
}
