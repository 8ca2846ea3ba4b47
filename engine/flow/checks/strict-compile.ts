/**
 * A strict compile of a schema inside a flow, kept by the schema's text. Compiling every step's schema was most of a
 * check's time, and between two checks a server makes (a draft saved after a heading was typed) they rarely change:
 * what a compile found is kept per run, so a schema is compiled once per content and ajv mode.
 */
import type { JsonObject } from '../schema.ts';
import type { CompileOutcome, Run } from './run.ts';

/**
 * Outcomes a run keeps, the least recently used dropped first: far more than the schemas of every flow file and a
 * few drafts, and a bound on what a long-running server holds.
 */
export const OUTCOMES_KEPT = 2000;

/** Compiles the schema with the run's ajv for step fields (`fields`) or branch tests, unless its outcome is kept. */
export function strictCompile(run: Run, fields: boolean, schema: JsonObject): CompileOutcome {
  const key = `${fields ? 'fields' : 'when'} ${JSON.stringify(schema)}`;
  const kept = run.compiled.get(key);
  if (kept !== undefined) {
    // Used again: to the end of the Map's insertion order, the last to be dropped.
    run.compiled.delete(key);
    run.compiled.set(key, kept);
    return kept;
  }
  const ajv = fields ? run.fieldsAjv : run.whenAjv;
  run.logs.length = 0;
  let thrown: string | undefined;
  try {
    ajv.compile(schema);
  } catch (error) {
    thrown = (error as Error).message;
  } finally {
    ajv.removeSchema(schema);
  }
  const outcome: CompileOutcome = { thrown, warnings: [...run.logs] };
  run.compiled.set(key, outcome);
  if (run.compiled.size > OUTCOMES_KEPT) run.compiled.delete(run.compiled.keys().next().value!);
  return outcome;
}
