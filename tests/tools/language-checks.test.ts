import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { compileFlows } from '../../tools/compile-flows.ts';
import { jsonAt, type FlowJson } from '../support/bad-flows.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const V1 = 'business-funding.json';

/** A copy of flows/, languages included, to break one thing in; removed after each test. */
const copies: string[] = [];
function flowsCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'fundflow-languages-'));
  copies.push(root);
  const dir = join(root, 'flows');
  cpSync(join(ROOT, 'flows'), dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const root of copies.splice(0)) rmSync(root, { recursive: true, force: true });
});

function edit(file: string, change: (json: FlowJson) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as FlowJson;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}
const spanish = (dir: string) => join(dir, 'languages', 'es.json');
const editSpanish = (dir: string, change: (json: FlowJson) => void) => edit(spanish(dir), change);
const spanishTexts = (json: FlowJson, source: string) => jsonAt(json, 'texts', source);

/** Each mistake a translator or a flow editor may make, and the line that names it: file, JSON pointer, message. */
const MISTAKES: { name: string; make: (dir: string) => void; line: (languageFile: string) => string }[] = [
  {
    name: 'a Spanish text removed',
    make: (dir) =>
      editSpanish(dir, (json) => {
        delete spanishTexts(json, `flows/${V1}`)['/steps/amount/heading'];
      }),
    line: (file) =>
      `${file} /texts/flows~1${V1}/~1steps~1amount~1heading: missing: the text of flows/${V1} /steps/amount/heading ("How much do you need?")`,
  },
  {
    name: 'a Spanish text English no longer has',
    make: (dir) =>
      edit(join(dir, V1), (flow) => {
        delete jsonAt(flow, 'steps', 'amount', 'schema', 'properties', 'amount').title;
      }),
    line: (file) =>
      `${file} /texts/flows~1${V1}/~1steps~1amount~1schema~1properties~1amount~1title: flows/${V1} has no text at /steps/amount/schema/properties/amount/title (removed or moved in English?): remove it here`,
  },
  {
    name: 'a placeholder dropped',
    make: (dir) =>
      editSpanish(dir, (json) => {
        spanishTexts(json, 'site/content/interface.json')['/header/startOver'] = 'Fundflow: volver a empezar';
      }),
    line: (file) =>
      `${file} /texts/site~1content~1interface.json/~1header~1startOver: placeholders differ from the English text's: {product} in English, none here`,
  },
  {
    name: 'a language that does not match its file name',
    make: (dir) =>
      editSpanish(dir, (json) => {
        json.language = 'pt';
      }),
    line: (file) => `${file} /language: must be "es", the file's name`,
  },
  {
    name: "an empty text where a widget's option needs one (the slider's maxLabel, minLength 1)",
    make: (dir) =>
      editSpanish(dir, (json) => {
        spanishTexts(json, `flows/${V1}`)['/steps/amount/ui/amount/options/maxLabel'] = '';
      }),
    line: (file) =>
      `${file} /texts/flows~1${V1}/~1steps~1amount~1ui~1amount~1options~1maxLabel: empty: the text of flows/${V1} /steps/amount/ui/amount/options/maxLabel needs words`,
  },
];

describe('npm run flows:check on a folder with languages', () => {
  // As package.json runs it: widget components import their stylesheets, which the tools load as empty modules.
  const flowsCheck = (dir?: string) =>
    spawnSync(
      'npx',
      ['tsx', '--import', './tools/css-as-empty-module.ts', 'tools/flows-check.ts', ...(dir ? [dir] : [])],
      { cwd: ROOT, encoding: 'utf8' },
    );
  const shownLanguageFile = (dir: string) => `${relative(ROOT, dir)}/languages/es.json`;

  it('passes the shipped flows and their Spanish', () => {
    const result = flowsCheck(flowsCopy());
    expect(result.stdout).toMatch(/^flows: \d+ files OK\n$/);
    expect(result.status).toBe(0);
  }, 60_000);

  for (const { name, make, line } of MISTAKES) {
    it(`fails on ${name}, naming the language file and the JSON pointer`, () => {
      const dir = flowsCopy();
      make(dir);
      const result = flowsCheck(dir);
      expect(result.stdout.split('\n')).toContain(line(shownLanguageFile(dir)));
      expect(result.status).toBe(1);
    }, 60_000);
  }

  it('fails on a language file that is not JSON, naming it', () => {
    const dir = flowsCopy();
    writeFileSync(spanish(dir), readFileSync(spanish(dir), 'utf8').replace('"language": "es",', '"language": "es"'));
    const result = flowsCheck(dir);
    expect(result.stdout).toMatch(
      new RegExp(`^${shownLanguageFile(dir).replace(/\./g, '\\.')}: not valid JSON \\(.+\\)$`, 'm'),
    );
    expect(result.status).toBe(1);
  }, 60_000);
});

describe('the build with a broken language', () => {
  const build = (flowsDir: string) => {
    const outDir = join(dirname(flowsDir), 'out');
    return { problems: compileFlows({ flowsDir, outDir }), wrote: existsSync(outDir) };
  };

  for (const { name, make, line } of MISTAKES) {
    it(`refuses ${name} with the same line, and writes nothing`, () => {
      const dir = flowsCopy();
      make(dir);
      const { problems, wrote } = build(dir);
      expect(problems).toContain(line('flows/languages/es.json'));
      expect(wrote).toBe(false);
    });
  }

  it('refuses a language file that is not JSON, and writes nothing', () => {
    const dir = flowsCopy();
    writeFileSync(spanish(dir), '{ "language": "es", ');
    const { problems, wrote } = build(dir);
    expect(problems).toEqual([expect.stringMatching(/^flows\/languages\/es\.json: not valid JSON \(.+\)$/)]);
    expect(wrote).toBe(false);
  });

  it('builds the shipped flows and their Spanish', () => {
    const dir = flowsCopy();
    const { problems, wrote } = build(dir);
    expect(problems).toEqual([]);
    expect(wrote).toBe(true);
  });
});
