/**
 * The console routes' 400 for a body, query or path that does not match its schema: one sentence naming each bad
 * field and what it must be, as server/errors.ts invalidFieldsBody names them.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { ClientError, invalidFieldsBody } from '../errors.ts';

function fieldOf(error: FastifySchemaValidationError): string {
  const missing = error.params.missingProperty ?? error.params.additionalProperty;
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (typeof missing === 'string') return path === '' ? missing : `${path}.${missing}`;
  return path;
}

/** A route's schemaErrorFormatter: `subject` is what the request is ("The sign-in", "The invitation"). */
export function fieldErrors(subject: string) {
  return (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const fields = errors.map((error) => ({
      field: fieldOf(error) || dataVar,
      keyword: error.keyword,
      message:
        error.keyword === 'additionalProperties' ? 'is not a field of this request' : (error.message ?? 'is not valid'),
    }));
    const body = invalidFieldsBody('invalid_request', subject, fields);
    const details = fields.map((field) => `${field.field} ${field.message}`).join('; ');
    return new ClientError(400, body.error, `${body.message} (${details})`);
  };
}
