/** The default log output: stdout, one write per turn of the event loop, nothing lost when the process exits. */
import { spawnSync } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLines } from '../../../../server/platform/logging/log-output.ts';
import { PROJECT_ROOT } from '../../../../server/platform/paths.ts';

describe('batchedLines', () => {
  it('writes the lines of one turn together, in order, once the turn is over', async () => {
    const writes: string[] = [];
    const sink = batchedLines((text) => writes.push(text));
    sink.write('one\n');
    sink.write('two\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\n']);
    sink.write('three\n');
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });
});

describe('the default logger', () => {
  it('writes what it logged before the process exits, also when it exits in the same turn', () => {
    const script = `
      const { buildApp } = await import('./server/app.ts');
      const { loadConfig } = await import('./server/platform/config/load.ts');
      const app = await buildApp({ config: loadConfig({ STATIC_DIR: '/nonexistent' }), db: {} });
      app.log.warn('the last words');
      process.exit(3);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(run.status).toBe(3);
    expect(run.stdout).toContain('"msg":"the last words"');
  });
});
