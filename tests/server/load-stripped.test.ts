/**
 * The server runs from the copies of its modules the build stripped of their types (server/tools/strip-types.ts and
 * server/load-stripped.mjs), so Node's own TypeScript stripper, about 17 MB that stay resident, is never loaded; and
 * an edited module, which has no copy yet, still runs from its source.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/paths.ts';
import { writeStrippedModules } from '../../server/tools/strip-types.ts';

// A project in miniature: the hook where the server keeps it, so it looks for copies in this project's dist/.server/.
let project: string;
let hook: string;
let copies: string;

const MAIN = `import { double } from './double.ts';
const value: number = double(21);
const stripperLoaded = process.moduleLoadList.some((name) => name.includes('amaro'));
console.log(JSON.stringify({ value, stripperLoaded }));
`;
const DOUBLE = 'export function double(n: number): number {\n  return n * 2;\n}\n';

function run(): { value: number; stripperLoaded: boolean } {
  const result = spawnSync(process.execPath, ['--import', hook, join(project, 'src', 'main.ts')], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { value: number; stripperLoaded: boolean };
}

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'fundflow-stripped-'));
  mkdirSync(join(project, 'server'));
  mkdirSync(join(project, 'src'));
  hook = join(project, 'server', 'load-stripped.mjs');
  copyFileSync(join(PROJECT_ROOT, 'server', 'load-stripped.mjs'), hook);
  copies = join(project, 'dist', '.server');
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(project, 'src', 'main.ts'), MAIN);
  writeFileSync(join(project, 'src', 'double.ts'), DOUBLE);
});

afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('stripped server modules', () => {
  it('are written for every TypeScript module, not for declarations or TSX', () => {
    writeFileSync(join(project, 'src', 'types.d.ts'), 'declare const x: number;\n');
    writeFileSync(join(project, 'src', 'view.tsx'), 'export const view = <p />;\n');
    expect(writeStrippedModules([join(project, 'src')], copies)).toBe(2);
    expect(readdirSync(copies)).toHaveLength(2);
  });

  it('run the server without loading Node’s TypeScript stripper', () => {
    writeStrippedModules([join(project, 'src')], copies);
    expect(run()).toEqual({ value: 42, stripperLoaded: false });
  });

  it('are never used for a module edited since the build: it runs from its source', () => {
    writeStrippedModules([join(project, 'src')], copies);
    writeFileSync(join(project, 'src', 'double.ts'), DOUBLE.replace('n * 2', 'n * 2 + 1'));
    expect(run()).toEqual({ value: 43, stripperLoaded: true });
  });

  it('leave the server running from its sources when there are none', () => {
    expect(run()).toEqual({ value: 42, stripperLoaded: true });
  });
});
