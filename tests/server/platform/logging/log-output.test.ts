/**
 * The default log output: stdout, one write per turn of the event loop, nothing lost when the process exits; lines for
 * people on a terminal, JSON lines otherwise.
 */
import { spawnSync } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLines, logFormatFor, prettyLines } from '../../../../server/platform/logging/log-output.ts';
import { PROJECT_ROOT } from '../../../../server/platform/paths.ts';
import { loadConfig } from '../../../../server/platform/config/load.ts';

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

describe('the log format', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(logFormatFor(undefined, { isTTY: true })).toBe('pretty');
    expect(logFormatFor(undefined, {})).toBe('json');
    expect(logFormatFor(undefined, { isTTY: false })).toBe('json');
    expect(logFormatFor('json', { isTTY: true })).toBe('json');
    expect(logFormatFor('pretty', {})).toBe('pretty');
  });

  it('is read from LOG_FORMAT, whose wrong value stops the server with a message naming it', () => {
    expect(loadConfig({ LOG_FORMAT: 'Pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'loud' })).toThrow(/LOG_FORMAT must be json .* or pretty/);
  });
});

describe('prettyLines', () => {
  it('writes each JSON line as one line to read: time, level, message, then the fields', () => {
    const written: string[] = [];
    const sink = prettyLines({ write: (text) => written.push(text) }, false);
    const time = new Date(2026, 11, 6, 21, 4, 5, 678).getTime();
    sink.write(`${JSON.stringify({ level: 40, time, pid: 7, hostname: 'web-1', leadId: 'L-1', msg: 'lead held' })}\n`);
    expect(written).toEqual(['[21:04:05.678] WARN: lead held {"leadId":"L-1"}\n']);
  });
});

/**
 * Runs the server's default logger in a process of its own, which logs a warning and exits in the same turn: seconds
 * on a busy machine, loading the whole app.
 */
function lastWords(env: Record<string, string> = {}) {
  const script = `
    const { buildApp } = await import('./server/app.ts');
    const { loadConfig } = await import('./server/platform/config/load.ts');
    const app = await buildApp({ config: loadConfig({ STATIC_DIR: '/nonexistent', ...process.env }), db: {} });
    app.log.warn('the last words');
    process.exit(3);`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

describe('the default logger', () => {
  it('writes what it logged before the process exits, also when it exits in the same turn', () => {
    const run = lastWords();
    expect(run.status).toBe(3);
    expect(run.stdout).toContain('"msg":"the last words"');
  }, 20_000);

  it('writes pretty lines when LOG_FORMAT says so, without colours where the output is no terminal', () => {
    const run = lastWords({ LOG_FORMAT: 'pretty' });
    expect(run.status).toBe(3);
    expect(run.stdout).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: the last words$/m);
    expect(run.stdout).not.toContain('"msg"');
    expect(run.stdout).not.toContain('\u001b[');
  }, 20_000);
});
