/**
 * One error handler for the whole server. Visitors get a code and a clear message and never a stack trace, SQL or a
 * file path; server faults are logged (without request bodies) and answer a generic message.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '../../../contracts/api.ts';
import { API_SECURITY_HEADERS } from './security.ts';

type InvalidField = NonNullable<ErrorResponse['fields']>[number];

/**
 * The 400 body refusing a request's fields: `code`, a sentence naming each bad field once ("The lead has 2 invalid
 * fields: email, phone", with `subject` "The lead"), and every field and rule.
 */
export function invalidFieldsBody(
  code: string,
  subject: string,
  fields: InvalidField[],
): ErrorResponse & { fields: InvalidField[] } {
  const names = [...new Set(fields.map((field) => field.field))];
  const count = names.length === 1 ? '1 invalid field' : `${names.length} invalid fields`;
  return { error: code, message: `${subject} has ${count}: ${names.join(', ')}`, fields };
}

/** Body of every error answer. */
export interface ErrorBody {
  error: string;
  message: string;
}

/** An error meant for the client: routes throw it with their own status, code and message. */
export class ClientError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = 'ClientError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'unprocessable',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
};

const JSON_TYPE = 'application/json; charset=utf-8';

export const INTERNAL_ERROR: ErrorBody = { error: 'internal', message: 'Something went wrong' };

/** Headers a failed response must not keep from a half-sent file. */
const STALE_HEADERS = ['content-encoding', 'content-disposition', 'etag', 'last-modified', 'accept-ranges'];

export function clientErrorBody(error: FastifyError | ClientError | Error, statusCode: number): ErrorBody {
  if (error instanceof ClientError) return { error: error.code, message: error.message };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation !== undefined) return { error: 'invalid_request', message: error.message };
  const code = CODES[statusCode] ?? 'client_error';
  // Fastify's own errors (FST_*) describe the request, not the server; anything else gets the status text.
  const message =
    typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')
      ? error.message
      : (STATUS_CODES[statusCode] ?? 'The request was not accepted');
  return { error: code, message };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const raw = (error as Partial<FastifyError>).statusCode;
    const statusCode = typeof raw === 'number' && raw >= 400 && raw <= 599 ? raw : 500;
    for (const name of STALE_HEADERS) reply.removeHeader(name);
    reply.header('cache-control', 'no-store');
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).type(JSON_TYPE).send(INTERNAL_ERROR);
    }
    const body = clientErrorBody(error, statusCode);
    request.log.info({ statusCode, error: body.error }, body.message);
    const headers = (error as { headers?: unknown }).headers;
    if (headers !== null && typeof headers === 'object') reply.headers(headers);
    return reply.code(statusCode).type(JSON_TYPE).send(body);
  });
}

/**
 * Fastify's frameworkErrors option: a URL it cannot decode (FST_ERR_BAD_URL) is refused before any route or hook, so
 * the refusal brings its own headers. It is never a page, so it gets the API's.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const raw = error.statusCode;
  const statusCode = typeof raw === 'number' && raw >= 400 && raw <= 499 ? raw : 400;
  void reply.code(statusCode).headers(API_SECURITY_HEADERS).type(JSON_TYPE).send(clientErrorBody(error, statusCode));
}

/** What Node's HTTP parser refuses, by the code it gives. */
const UNREADABLE: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};
const NOT_HTTP: [number, string] = [400, 'The request is not valid HTTP'];

/**
 * Fastify's clientErrorHandler option: a request Node's HTTP parser cannot read (not HTTP, broken headers or chunks,
 * headers over the limit, too slow) gets an answer in the API's shape and with its security headers, written on the
 * socket as Fastify's default handler does, and the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] = UNREADABLE[error.code ?? ''] ?? NOT_HTTP;
  const body = JSON.stringify({ error: CODES[statusCode] ?? 'bad_request', message } satisfies ErrorBody);
  const headers = {
    ...API_SECURITY_HEADERS,
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) socket.write(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head}\r\n${body}`);
  socket.destroy(error);
}

export function notFoundBody(method: string, path: string): ErrorBody {
  const shown = path.length > 200 ? `${path.slice(0, 200)}...` : path;
  return { error: 'not_found', message: `Nothing here answers ${method} ${shown}` };
}
