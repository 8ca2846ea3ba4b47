/**
 * The real server as a child process, for tests that start, kill and restart it: from its sources (`node
 * server/index.ts`), or compiled, as `npm run serve` starts it in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { serveCommand } from './serve-command.ts';
import { TEST_XSRF_SECRET } from './xsrf-tokens.ts';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Starts the server with only the given settings (no DATABASE_URL, whatever the environment or .env holds; the tests'
 * XSRF_SECRET, so a test holds tokens it recognises), from its sources or, `compiled`, as `npm run serve` does (dist/.server/ must have been built: tools/compile-server.ts).
 */
export function startServer(env: Record<string, string>, from: 'sources' | 'compiled' = 'sources'): ServerProcess {
  const command = from === 'compiled' ? serveCommand() : { env: {}, args: ['server/index.ts'] };
  const child = spawn(process.execPath, command.args, {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      XSRF_SECRET: TEST_XSRF_SECRET,
      ...command.env,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the server logs that it listens, or fails with its output if it exits first. */
export function listening(server: ServerProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (server.output().includes('Server listening at')) {
        server.child.stdout?.off('data', check);
        resolve();
      }
    };
    server.child.stdout?.on('data', check);
    check();
    void server.exited.then((code) => reject(new Error(`server exited with ${code}:\n${server.output()}`)));
  });
}
