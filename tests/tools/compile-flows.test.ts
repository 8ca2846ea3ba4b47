import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaParser } from '@rjsf/utils';
import { compileFlows } from '../../tools/compile-flows.ts';
import { schemasToCompile } from '../../engine/flow/to-rjsf.ts';
import type { LanguagePack } from '../../site/language-pack.ts';
import { jsonAt, VALID_FLOW_DIR, writeBadFlow } from '../support/bad-flows.ts';

const require = createRequire(import.meta.url);

describe('compiling the flows for the build', () => {
  it('stops on a broken flow file, names the file and pointer, and writes nothing', () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'fundflow-compile-')), 'out');
    const written = writeBadFlow('misspelt-key');
    const problems = compileFlows({ flowsDir: written.dir, outDir });
    written.remove();
    expect(problems.join('\n')).toMatch(
      /^flows\/business-funding\.v2\.json \/steps\/\S+\/hedaing: unknown key "hedaing" \(did you mean "heading"\?\)$/m,
    );
    expect(existsSync(outDir)).toBe(false);
  });

  it('writes the flows module and a precompiled validator per step that judges answers as the schema says', () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'fundflow-compile-')), 'out');
    expect(compileFlows({ flowsDir: VALID_FLOW_DIR, outDir })).toEqual([]);
    const validatorsModule = readFileSync(join(outDir, 'languages/en/validators.ts'), 'utf8');
    // The start step's validators come with the language's pack; the later steps' in a chunk fetched on demand.
    expect(validatorsModule).toContain("import flow0_start from '../../validators/en/v2/start.cjs';");
    expect(validatorsModule).not.toContain('amount.cjs');
    expect(validatorsModule).toContain("laterValidators: () => import('../../validators/en/v2/later-steps.ts')");
    expect(readFileSync(join(outDir, 'validators/en/v2/later-steps.ts'), 'utf8')).toContain(
      "import flow0_amount from './amount.cjs';",
    );
    const validators = require(join(outDir, 'validators/en/v2/amount.cjs'));
    const validate = validators.step_amount;
    expect(validate({ amount: 15000 })).toBe(true);
    expect(validate({ amount: 12345 })).toBe(false);
    expect(validate.errors[0]).toMatchObject({ keyword: 'multipleOf', instancePath: '/amount' });
    expect(validate({})).toBe(false);
    expect(validate.errors[0]).toMatchObject({ keyword: 'required', params: { missingProperty: 'amount' } });
    expect(readFileSync(join(outDir, 'flow-versions.ts'), 'utf8')).toContain(
      'export const FLOW_VERSIONS: readonly string[] = ["v2"];',
    );
    // No code is generated at run time: the module is plain functions.
    expect(readFileSync(join(outDir, 'validators/en/v2/amount.cjs'), 'utf8')).not.toMatch(/new Function|eval\(/);
  });

  it("gives each language validators for its own schemas: rjsf finds a choice's by a hash that holds its words", () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'fundflow-compile-')), 'out');
    expect(compileFlows({ outDir })).toEqual([]);
    for (const language of ['en', 'es']) {
      const { pack } = require(join(outDir, `languages/language-${language}.ts`)) as { pack: LanguagePack };
      const v1 = pack.flows.find((flow) => flow.version === 'v1')!;
      const validators = require(join(outDir, `validators/${language}/v1/start.cjs`)) as Record<string, unknown>;
      // Every sub-schema rjsf validates on its own (each choice of the start step) is found under its key.
      for (const { schemas } of schemasToCompile(v1).filter(({ stepId }) => stepId === v1.start)) {
        for (const schema of schemas) {
          for (const key of Object.keys(schemaParser(schema)))
            expect(validators[key], `${language} ${key}`).toBeTypeOf('function');
        }
      }
    }
  });

  it('writes each version whole: a change to v1 reaches the versions that extend it', () => {
    const root = mkdtempSync(join(tmpdir(), 'fundflow-compile-'));
    const flowsDir = join(root, 'flows');
    cpSync(join(import.meta.dirname, '../../flows'), flowsDir, { recursive: true });
    const v1File = join(flowsDir, 'business-funding.json');
    const v1 = JSON.parse(readFileSync(v1File, 'utf8')) as unknown;
    jsonAt(v1, 'steps', 'amount').heading = 'How much funding do you need today?';
    writeFileSync(v1File, JSON.stringify(v1));
    // The Spanish text of that heading changes with it, as a translator would: it reaches v2 and v3 in Spanish too.
    const esFile = join(flowsDir, 'languages', 'es.json');
    const es = JSON.parse(readFileSync(esFile, 'utf8')) as unknown;
    jsonAt(es, 'texts', 'flows/business-funding.json')['/steps/amount/heading'] = '¿Cuánto necesita hoy?';
    writeFileSync(esFile, JSON.stringify(es));
    expect(compileFlows({ flowsDir, outDir: join(root, 'out') })).toEqual([]);
    const english = readFileSync(join(root, 'out', 'languages', 'language-en.ts'), 'utf8');
    expect(english.match(/"heading":"How much funding do you need today\?"/g)).toHaveLength(3);
    expect(english).not.toContain('"extends"');
    const spanish = readFileSync(join(root, 'out', 'languages', 'language-es.ts'), 'utf8');
    expect(spanish.match(/"heading":"¿Cuánto necesita hoy\?"/g)).toHaveLength(3);
    expect(spanish).not.toContain('"extends"');
  });
});
