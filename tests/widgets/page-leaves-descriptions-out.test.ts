/**
 * The page's scripts carry no widget description: from the page's entries (site/main.tsx, which site/index.html loads,
 * and the start screens' renderer, site/prerender.tsx), following the imports that remain in the bundles (type-only
 * ones are erased), neither widgets/info.ts, a widget's `.info.ts` nor its `options.ts` (the options schema) is
 * reached. What the page reaches of widgets/ is each widget's `.widget.ts` and what that imports.
 */
import { join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

const DESCRIPTION = /^widgets\/(info\.ts|[^/]+\/([^/]+\.info|options)\.ts)$/;

async function pageModules(): Promise<string[]> {
  const { output } = await cruise(['site/main.tsx', 'site/prerender.tsx'], {
    baseDir: ROOT,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules/' },
    tsPreCompilationDeps: false,
  });
  return (output as ICruiseResult).modules.map((module) => module.source);
}

it("keeps every widget's summary, options schema, example and verbatim options out of the page", async () => {
  const modules = await pageModules();
  expect(modules).toContain('widgets/index.ts');
  expect(modules).toContain('widgets/zip-lookup/zip-lookup.widget.ts');
  expect(modules.filter((source) => DESCRIPTION.test(source))).toEqual([]);
}, 60_000);
