/**
 * The dependency rules of .dependency-cruiser.cjs fire: a scratch tree laid out like the repository, with one
 * forbidden import at a time, is cruised with the repository's own rules, and each violation names its rule and files
 * (docs/decisions/018-lint-format-and-dependency-rules.md, docs/decisions/080-the-server-by-feature.md).
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
      'server/page/pages.ts': "import { layout } from '../../site/layout.ts';\nexport const page = layout;\n",
      'site/layout.ts': 'export const layout = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'server-imports-the-engine-and-contracts-only', from: 'server/page/pages.ts', to: 'site/layout.ts' },
    ]);
  });

  it('refuse the contracts an import from the engine', async () => {
    const violations = await violationsIn({
      'contracts/lead.ts': "import { schema } from '../engine/flow/schema.ts';\nexport const lead = schema;\n",
      'engine/flow/schema.ts': 'export const schema = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'contracts-import-nothing-of-ours', from: 'contracts/lead.ts', to: 'engine/flow/schema.ts' },
    ]);
  });

  it("refuse the engine the console's and the funnel's contracts, and let it have the others", async () => {
    const violations = await violationsIn({
      'engine/api/client.ts':
        "import { ADMIN } from '../../contracts/console.ts';\nimport { EVENTS } from '../../contracts/funnel.ts';\n" +
        "import { LEAD } from '../../contracts/lead.ts';\nexport const client = [ADMIN, EVENTS, LEAD];\n",
      'contracts/console.ts': 'export const ADMIN = 1;\n',
      'contracts/funnel.ts': 'export const EVENTS = 1;\n',
      'contracts/lead.ts': 'export const LEAD = 1;\n',
    });
    expect(brief(violations)).toEqual([
      {
        rule: 'engine-and-widgets-know-no-console-or-funnel',
        from: 'engine/api/client.ts',
        to: 'contracts/console.ts',
      },
      { rule: 'engine-and-widgets-know-no-console-or-funnel', from: 'engine/api/client.ts', to: 'contracts/funnel.ts' },
    ]);
  });

  it("refuse a widget the console's contract and the site, and let it have the served area", async () => {
    const violations = await violationsIn({
      'widgets/zip/Zip.tsx':
        "import { AREA } from '../../contracts/served-area.ts';\nimport { ROLES } from '../../contracts/console.ts';\n" +
        "import { shell } from '../../site/shell.tsx';\nexport const zip = [AREA, ROLES, shell];\n",
      'contracts/served-area.ts': 'export const AREA = 1;\n',
      'contracts/console.ts': 'export const ROLES = 1;\n',
      'site/shell.tsx': 'export const shell = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'engine-and-widgets-know-no-console-or-funnel', from: 'widgets/zip/Zip.tsx', to: 'contracts/console.ts' },
      { rule: 'widgets-build-on-the-engine-and-contracts', from: 'widgets/zip/Zip.tsx', to: 'site/shell.tsx' },
    ]);
  });

  it("keep the visitor's page and the console apart, both ways", async () => {
    const violations = await violationsIn({
      'site/main.tsx': "import { table } from '../console/table.tsx';\nexport const main = table;\n",
      'console/table.tsx': "import { shell } from '../site/shell.tsx';\nexport const table = shell;\n",
      'site/shell.tsx': 'export const shell = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'console-never-imports-site-server-or-tools', from: 'console/table.tsx', to: 'site/shell.tsx' },
      { rule: 'site-never-imports-console-server-or-tools', from: 'site/main.tsx', to: 'console/table.tsx' },
    ]);
  });

  it("refuse the server's platform an import from a feature", async () => {
    const violations = await violationsIn({
      'server/platform/http/xsrf.ts': "import { ROUTE } from '../../buyers/index.ts';\nexport const xsrf = ROUTE;\n",
      'server/buyers/index.ts': 'export const ROUTE = 1;\n',
    });
    expect(brief(violations)).toEqual([
      {
        rule: 'server-platform-imports-no-feature',
        from: 'server/platform/http/xsrf.ts',
        to: 'server/buyers/index.ts',
      },
    ]);
  });

  it('refuse a server feature an import of a later feature, and let it import an earlier one', async () => {
    const violations = await violationsIn({
      'server/privacy/opt-outs.ts': "import { events } from '../buyers/index.ts';\nexport const optOut = events;\n",
      'server/buyers/index.ts': 'export const events = 1;\n',
      'server/buyers/route-lead.ts': "import { held } from '../privacy/index.ts';\nexport const route = held;\n",
      'server/privacy/index.ts': 'export const held = 1;\n',
    });
    expect(brief(violations)).toEqual([
      {
        rule: 'server-privacy-builds-on-earlier-features-only',
        from: 'server/privacy/opt-outs.ts',
        to: 'server/buyers/index.ts',
      },
    ]);
  });

  /** Each feature's rule, with the feature right after it (the first its rule refuses). */
  const featureOrder = forbidden.flatMap(({ name, to }) => {
    const feature = /^server-(.+)-builds-on-earlier-features-only$/.exec(name ?? '')?.[1];
    const next = /^\^server\/\(([^|)]+)/.exec(typeof to.path === 'string' ? to.path : '')?.[1];
    return feature === undefined || next === undefined ? [] : [{ rule: name, feature, next }];
  });

  it('hold every server feature to the features before it', () => {
    expect(featureOrder.map(({ feature }) => feature)).toEqual([
      'page',
      'privacy',
      'intake',
      'buyers',
      'funnel',
      'console',
      'retention',
      'dev',
    ]);
  });

  it.each(featureOrder)(
    'refuse $feature an import of $next, which comes after it, and not the other way',
    async (order) => {
      const violations = await violationsIn({
        [`server/${order.feature}/uses-later.ts`]: `import { later } from '../${order.next}/index.ts';\nexport const a = later;\n`,
        [`server/${order.next}/index.ts`]: 'export const later = 1;\n',
        [`server/${order.next}/uses-earlier.ts`]: `import { earlier } from '../${order.feature}/index.ts';\nexport const b = earlier;\n`,
        [`server/${order.feature}/index.ts`]: 'export const earlier = 1;\n',
      });
      expect(brief(violations)).toEqual([
        { rule: order.rule, from: `server/${order.feature}/uses-later.ts`, to: `server/${order.next}/index.ts` },
      ]);
    },
  );

  it("refuse a server feature the inside of another, and let it use the other's entry module", async () => {
    const violations = await violationsIn({
      'server/console/leads.ts':
        "import { names } from '../buyers/buyer-names.ts';\nimport { queue } from '../buyers/index.ts';\n" +
        "import { db } from '../platform/db/types.ts';\nimport { list } from './list.ts';\n" +
        'export const leads = [names, queue, db, list];\n',
      'server/console/list.ts': 'export const list = 1;\n',
      'server/buyers/buyer-names.ts': 'export const names = 1;\n',
      'server/buyers/index.ts': 'export const queue = 1;\n',
      'server/platform/db/types.ts': 'export const db = 1;\n',
    });
    expect(brief(violations)).toEqual([
      {
        rule: 'server-features-meet-through-entry-modules',
        from: 'server/console/leads.ts',
        to: 'server/buyers/buyer-names.ts',
      },
    ]);
  });

  it("refuse the server's composition root the inside of a feature", async () => {
    const violations = await violationsIn({
      'server/app.ts':
        "import { routes } from './intake/lead-routes.ts';\nimport { intake } from './intake/index.ts';\n" +
        "import { config } from './platform/config/settings.ts';\nexport const app = [routes, intake, config];\n",
      'server/intake/lead-routes.ts': 'export const routes = 1;\n',
      'server/intake/index.ts': 'export const intake = 1;\n',
      'server/platform/config/settings.ts': 'export const config = 1;\n',
    });
    expect(brief(violations)).toEqual([
      { rule: 'server-root-composes-entry-modules', from: 'server/app.ts', to: 'server/intake/lead-routes.ts' },
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
        { rule: 'site-never-imports-console-server-or-tools', from: 'site/main.ts', to: 'tools/build.ts' },
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
      'contracts/api.ts': 'export const api = 1;\n',
      'engine/contract.ts': "import { api } from '../contracts/api.ts';\nexport const contract = api;\n",
      'widgets/slider/Slider.ts':
        "import { contract } from '../../engine/contract.ts';\nexport const slider = contract;\n",
      'site/main.ts':
        "import { contract } from '../engine/contract.ts';\nimport { slider } from '../widgets/slider/Slider.ts';\n" +
        "import { flows } from '../.generated/flows.ts';\nexport const main = [contract, slider, flows];\n",
      '.generated/flows.ts': 'export const flows = 1;\n',
      'console/main.tsx':
        "import { contract } from '../engine/contract.ts';\nimport { slider } from '../widgets/slider/Slider.ts';\n" +
        "import { api } from '../contracts/api.ts';\nimport { versions } from '../.generated/flow-versions.ts';\n" +
        'export const main = [contract, slider, api, versions];\n',
      '.generated/flow-versions.ts': 'export const versions = 1;\n',
      'server/app.ts':
        "import { contract } from '../engine/contract.ts';\nimport { api } from '../contracts/api.ts';\n" +
        'export const app = [contract, api];\n',
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
        {
          name: 'contracts-import-nothing-of-ours',
          from: '^contracts/',
          to: '^(engine|widgets|site|console|server|flows|\\.generated|tools)/',
        },
        {
          name: 'engine-stands-alone',
          from: '^engine/',
          to: '^(widgets|site|console|server|flows|\\.generated|tools)/',
        },
        {
          name: 'engine-and-widgets-know-no-console-or-funnel',
          from: '^(engine|widgets)/',
          to: '^contracts/(console|funnel)\\.ts$',
        },
        {
          name: 'widgets-build-on-the-engine-and-contracts',
          from: '^widgets/',
          to: '^(site|console|server|flows|\\.generated|tools)/',
        },
        { name: 'site-never-imports-console-server-or-tools', from: '^site/', to: '^(console|server|tools)/' },
        { name: 'console-never-imports-site-server-or-tools', from: '^console/', to: '^(site|server|flows|tools)/' },
        {
          name: 'server-imports-the-engine-and-contracts-only',
          from: '^server/',
          to: '^(site|console|widgets|flows|\\.generated|tools)/',
        },
        { name: 'only-scripts-and-tests-import-tools', from: '^(tools|tests)/', to: '^tools/' },
      ]),
    );
    expect(forbidden.find(({ name }) => name === 'no-circular')?.to).toEqual({ circular: true });
    for (const rule of forbidden) expect(rule.comment, rule.name).toBeTruthy();
  });
});
