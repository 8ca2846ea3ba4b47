/**
 * Writes .env.example from the server's settings table (server/platform/config/settings.ts): `node tools/env-example.ts`.
 * With --check it changes nothing and exits 1 when the file is out of date (for CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/platform/paths.ts';
import { renderEnvExample } from './env-example-text.ts';

const file = join(PROJECT_ROOT, '.env.example');
const expected = renderEnvExample();

if (process.argv.includes('--check')) {
  let actual: string | undefined;
  try {
    actual = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  } catch {
    actual = undefined;
  }
  if (actual !== expected) {
    const state = actual === undefined ? 'is missing' : 'is out of date with server/platform/config/settings.ts';
    process.stderr.write(`.env.example ${state}. Run: node tools/env-example.ts\n`);
    process.exit(1);
  }
  process.stdout.write('.env.example is up to date\n');
} else {
  writeFileSync(file, expected);
  process.stdout.write('wrote .env.example\n');
}
