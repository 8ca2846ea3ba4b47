/**
 * Precompiles a step's schemas into a standalone CommonJS validator module. The browser then validates without
 * generating code, so the page runs under a Content-Security-Policy without 'unsafe-eval'.
 */
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import standalone from 'ajv/dist/standalone/index.js';
import createRjsfAjv from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Ajv } from 'ajv';

// rjsf declares this function's result with ajv's default export, which NodeNext resolution takes for the CommonJS
// module object rather than the class, so the declared type does not resolve: the signature is restated with the class.
const createAjvInstance = createRjsfAjv as (...args: Parameters<typeof createRjsfAjv>) => Ajv;

/**
 * The module exports one function per schema `$id`, and one per sub-schema rjsf may validate on its own (keyed by
 * rjsf's hash of it), exactly as rjsf's precompiled validator looks them up.
 */
export function precompileSchemas(schemas: readonly RJSFSchema[]): string {
  const all = new Map<string, RJSFSchema>();
  for (const schema of schemas) {
    for (const [key, sub] of Object.entries(schemaParser(schema))) all.set(key, sub);
  }
  const ajv = createAjvInstance(undefined, undefined, {
    code: { source: true, lines: false },
    schemas: [...all.values()],
  });
  return standalone.default(ajv);
}
