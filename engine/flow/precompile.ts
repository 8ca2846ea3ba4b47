/**
 * Precompiles a step's schemas into a standalone CommonJS validator module. The browser then validates without
 * generating code, so the page runs under a Content-Security-Policy without 'unsafe-eval'.
 */
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import standalone from 'ajv/dist/standalone/index.js';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';

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
