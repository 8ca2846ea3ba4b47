/**
 * Request bodies are read as sent: the server decodes no Content-Encoding. A body labelled gzip (or anything else)
 * would otherwise be parsed as if it were plain, so such a request is refused with 415 before its body is read, naming
 * what to do instead. A request without a body keeps its answer whatever it is labelled.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ClientError } from './errors.ts';

/** The encodings a body may be labelled with and still be read as it is. */
function readsAsSent(encoding: string): boolean {
  const value = encoding.trim().toLowerCase();
  return value === '' || value === 'identity';
}

/** Whether a request carries a body: a label on a request without one (a GET) changes nothing. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function registerContentEncodingCheck(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and a promise per hook is measurable under load.
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || readsAsSent(encoding) || !hasBody(request.headers)) return done();
    done(
      new ClientError(
        415,
        'unsupported_media_type',
        'Content-Encoding is not accepted: send the body uncompressed, without a Content-Encoding header',
      ),
    );
  });
}
