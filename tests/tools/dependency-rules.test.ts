/**
 * The dependency rules of .dependency-cruiser.cjs fire: a scratch tree laid out like the repository, with one
 * forbidden import at a time, is cruised with the repository's own rules, and each violation names its rule and files
 * (docs/decisions/018-lint-format-and-dependency-rules.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  cruise,
  type IConfiguration,
  type ICruiseResult,
  type IRegularForbiddenRuleType,
  type IViolation,
} from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
/** The rules on imports (from a module to a module), which are all the repository's rules. */
const forbidden = (config.forbidden ?? []).filter((rule): rule is IRegularForbiddenRuleType => 'to' in rule);

let scratch: string | undefined;

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** Writes the files (path relative to the scratch root → source), cruises them with the rules, returns the violations. */
async function violationsIn(files: Record<string, string>): Promise<IViolation[]> {
  scratch = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), source);
  }
  const { tsConfig: _repositoryOnly, ...options } = config.options ?? {};
  const { output } = await cruise(Object.keys(files), {
    ...options,
    baseDir: scratch,
    validate: true,
    ruleSet: { forbidden },
  });
  return (output as ICruiseResult).summary.violations;
}

function brief(violations: IViolation[]): Array<{ rule: string; from: string; to: string }> {
  return violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to }));
}

describe('the dependency rules', () => {
  it('refuse the engine an import from the site', async () => {
    const violations = await violationsIn({
      'engine/render/screen.ts': "import { layout } from '../../site/layout.ts';\nexport const screen = layout;\n",
      'site/layout.ts': 'export const layout = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'engine-stands-alone', from: 'engine/render/screen.ts', to: 'site/layout.ts' },
    ]);
  });

  it('refuse the server an import from the site', async () => {
    const violations = await violationsIn({
      'server/routes/page.ts': "import { layout } from '../../site/layout.ts';\nexport const page = layout;\n",
      'site/layout.ts': 'export const layout = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'server-imports-the-engine-only', from: 'server/routes/page.ts', to: 'site/layout.ts' },
    ]);
  });

  it('refuse the site an import from the tooling, which only tests may import', async () => {
    const violations = await violationsIn({
      'site/main.ts': "import { build } from '../tools/build.ts';\nexport const main = build;\n",
      'tests/tools/build.test.ts': "import { build } from '../../tools/build.ts';\nexport const tested = build;\n",
      'tools/build.ts': 'export const build = 1;\n',
    });
    expect(brief(violations)).toEqual(
      expect.arrayContaining([
        { rule: 'site-never-imports-server-or-tools', from: 'site/main.ts', to: 'tools/build.ts' },
        { rule: 'only-scripts-and-tests-import-tools', from: 'site/main.ts', to: 'tools/build.ts' },
      ]),
    );
    expect(violations.map(({ from }) => from)).not.toContain('tests/tools/build.test.ts');
  });

  it('refuse an import circle of two files', async () => {
    const violations = await violationsIn({
      'widgets/address/input.ts': "import { places } from './places.ts';\nexport const input = () => places;\n",
      'widgets/address/places.ts': "import { input } from './input.ts';\nexport const places = () => input;\n",
    });
    expect(violations.map(({ rule, from, to }) => [rule.name, [from, to].sort()])).toEqual([
      ['no-circular', ['widgets/address/input.ts', 'widgets/address/places.ts']],
    ]);
  });

  it('let each layer import what it builds on', async () => {
    const violations = await violationsIn({
      'engine/contract.ts': 'export const contract = 1;\n',
      'widgets/slider/Slider.ts':
        "import { contract } from '../../engine/contract.ts';\nexport const slider = contract;\n",
      'site/main.ts':
        "import { contract } from '../engine/contract.ts';\nimport { slider } from '../widgets/slider/Slider.ts';\n" +
        "import { flows } from '../.generated/flows.ts';\nexport const main = [contract, slider, flows];\n",
      '.generated/flows.ts': 'export const flows = 1;\n',
      'server/app.ts': "import { contract } from '../engine/contract.ts';\nexport const app = contract;\n",
    });
    expect(violations).toEqual([]);
  });

  it('name every forbidden pair of layers', () => {
    const forbiddenPairs = forbidden.map(({ name, from, to }) => ({
      name,
      from: from.path ?? from.pathNot,
      to: to.path,
    }));
    expect(forbiddenPairs).toEqual(
      expect.arrayContaining([
        { name: 'engine-stands-alone', from: '^engine/', to: '^(widgets|site|server|flows|\\.generated|tools)/' },
        { name: 'widgets-build-on-the-engine-only', from: '^widgets/', to: '^(site|server|flows|\\.generated|tools)/' },
        { name: 'site-never-imports-server-or-tools', from: '^site/', to: '^(server|tools)/' },
        { name: 'server-imports-the-engine-only', from: '^server/', to: '^(site|widgets|flows|\\.generated|tools)/' },
        { name: 'only-scripts-and-tests-import-tools', from: '^(tools|tests)/', to: '^tools/' },
      ]),
    );
    expect(forbidden.find(({ name }) => name === 'no-circular')?.to).toEqual({ circular: true });
    for (const rule of forbidden) expect(rule.comment, rule.name).toBeTruthy();
  });
});
