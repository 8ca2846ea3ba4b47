/** `npm run leads -- <args>` as an operator runs it: a child process with the server's settings. */
import { execFile } from 'node:child_process';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command with only these settings (no .env, nothing from this environment). */
export function leads(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['server/cli/leads.ts', ...args],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}
