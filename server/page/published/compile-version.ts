/**
 * A published version's validators as the page loads them: the same precompiled ajv code the build makes
 * (engine/flow/precompile.ts), wrapped into classic scripts, since the version has no build of its own and the page's
 * policy allows no eval. The start step's script goes inline into the version's page; the later steps' is served as a
 * file, named by its hash, and fetched once a later step needs it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Flow } from '../../../engine/flow/definition.ts';
import { precompileSchemas } from '../../../engine/flow/precompile.ts';
import { schemasToCompile } from '../../../engine/flow/to-rjsf.ts';
import { LATER_VALIDATORS_GLOBAL, START_VALIDATORS_GLOBAL } from './page-globals.ts';

export interface CompiledVersion {
  /** A classic script setting START_VALIDATORS_GLOBAL: the start step's validators, by step id. */
  startValidators: string;
  /** A classic script setting LATER_VALIDATORS_GLOBAL: every other step's validators, by step id. */
  laterValidators: string;
  /** Names the later validators' file: a new version of them is a new address, so the file is cached for good. */
  laterValidatorsHash: string;
}

const requireFromHere = createRequire(import.meta.url);

/**
 * The CommonJS modules ajv's standalone code requires (ajv/dist/runtime/*), and theirs, by the id the code names
 * them with: each becomes a function of the script's tiny module table, so the script runs with no loader.
 */
function requiredModules(code: string, found = new Map<string, string>(), from = requireFromHere): Map<string, string> {
  for (const [, id] of code.matchAll(/\brequire\("([^"]+)"\)/g)) {
    if (id === undefined || found.has(id)) continue;
    const file = from.resolve(id);
    const source = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    found.set(id, source);
    requiredModules(source, found, createRequire(file));
  }
  return found;
}

/**
 * `<script`, `</script` and `<!--` would end or confuse the script element the code is written into; in ajv's code
 * they can only stand inside string literals (a schema's title, pattern or enum), where `\x3C` is the same character.
 */
function scriptSafe(code: string): string {
  return code.replace(/<(?=!--|\/?script)/gi, '\\x3C');
}

/** A classic script assigning the steps' validators (step id → the module's exports) to a global of the page. */
function validatorsScript(global: string, modules: readonly { stepId: string; code: string }[]): string {
  const required = requiredModules(modules.map(({ code }) => code).join('\n'));
  const table = [...required].map(
    ([id, source]) => `${JSON.stringify(id)}:function(module,exports,require){${source}\n}`,
  );
  const steps = modules.map(
    ({ stepId, code }) => `${JSON.stringify(stepId)}:load(function(module,exports,require){${code}\n})`,
  );
  return scriptSafe(
    `self.${global}=(function(){"use strict";var table={${table.join(',')}},done={};` +
      'function require(id){if(!done[id]){var m={exports:{}};done[id]=m;table[id](m,m.exports,require)}return done[id].exports}' +
      'function load(f){var m={exports:{}};f(m,m.exports,require);return m.exports}' +
      `return{${steps.join(',')}}})();`,
  );
}

/** Throws an Error with a readable message when a schema does not compile. */
export function compileVersion(flow: Flow): CompiledVersion {
  const start: { stepId: string; code: string }[] = [];
  const later: { stepId: string; code: string }[] = [];
  for (const { stepId, schemas } of schemasToCompile(flow)) {
    // The start step is always there, its validators empty when it asks nothing: the page draws it without waiting
    // for the later steps' script, as it was prerendered.
    if (schemas.length === 0) {
      if (stepId === flow.start) start.push({ stepId, code: '' });
      continue;
    }
    let code: string;
    try {
      code = precompileSchemas(schemas);
    } catch (error) {
      throw new Error(`The fields of step ${stepId} do not compile: ${(error as Error).message}`, { cause: error });
    }
    (stepId === flow.start ? start : later).push({ stepId, code });
  }
  const laterValidators = validatorsScript(LATER_VALIDATORS_GLOBAL, later);
  return {
    startValidators: validatorsScript(START_VALIDATORS_GLOBAL, start),
    laterValidators,
    laterValidatorsHash: createHash('sha256').update(laterValidators).digest('hex').slice(0, 20),
  };
}
