/**
 * The console routes' 400s: one sentence naming each bad field and what it must be, in the words of
 * server/platform/http/errors.ts invalidFieldsBody, for a body, query or path that does not match its schema and for the routes'
 * own checks (an email that is not one).
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { ErrorResponse } from '../../../contracts/api.ts';
import { ClientError, invalidFieldsBody } from './errors.ts';

type InvalidField = NonNullable<ErrorResponse['fields']>[number];

/** `subject` ("The invitation") has these invalid fields: a 400 body whose message says what each must be. */
export function invalidFields(subject: string, fields: InvalidField[]): ErrorResponse {
  const body = invalidFieldsBody('invalid_request', subject, fields);
  const details = fields.map((field) => `${field.field} ${field.message}`).join('; ');
  return { ...body, message: `${body.message} (${details})` };
}

function fieldOf(error: FastifySchemaValidationError, dataVar: string): string {
  const named = error.params.missingProperty ?? error.params.additionalProperty;
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (typeof named === 'string') return path === '' ? named : `${path}.${named}`;
  return path === '' ? dataVar : path;
}

/** What the field must be, in plain words rather than the validator's. */
function ruleOf(error: FastifySchemaValidationError): string {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'type':
      return `must be a ${String(params.type)}`;
    default:
      return 'is not valid';
  }
}

/** A route's schemaErrorFormatter: `subject` is what the request is ("The sign-in", "The invitation"). */
export function fieldErrors(subject: string) {
  return (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const fields = errors.map((error) => ({
      field: fieldOf(error, dataVar),
      keyword: error.keyword,
      message: ruleOf(error),
    }));
    const body = invalidFields(subject, fields);
    return new ClientError(400, body.error, body.message);
  };
}
