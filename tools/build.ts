/**
 * The production build: check and compile the flows, then let Parcel build the site into dist/ with brotli and gzip
 * copies of every text file, the operators' console into dist/console/, and the start screens' renderer for the server
 * into dist/.prerender/ (never served: a dot folder). The page's entry script is marked to be compiled while it downloads (a Parcel optimizer of ours:
 * tools/parcel-optimizer-compile-hints.ts).
 * `--if-needed` skips the site's build when dist/ was built from the same sources. Either way the server is then
 * compiled to JavaScript into dist/.server/ (tools/compile-server.ts), from the sources as they are now.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileFlows, ROOT } from './compile-flows.ts';
import { compileServer } from './compile-server.ts';

const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.sources');
const SOURCES = [
  'flows',
  'contracts',
  'engine',
  'widgets',
  'site',
  'console',
  'tools',
  'package-lock.json',
  '.parcelrc',
  'package.json',
];

function sourcesHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const source of SOURCES) visit(join(ROOT, source));
  return hash.digest('hex');
}

function buildServer(): void {
  try {
    compileServer();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log('Compiled the server into dist/.server/.');
}

const ifNeeded = process.argv.includes('--if-needed');
const hash = sourcesHash();
if (ifNeeded && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
  console.log('dist/ is up to date.');
  buildServer();
  process.exit(0);
}

const problems = compileFlows();
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} problem(s) in flows/ or site/content/: the build stopped.`);
  process.exit(1);
}

rmSync(DIST, { recursive: true, force: true });
// Three runs: the service worker's manifest lists every bundle of its build, and the console's and the prerender's
// are not the visitor's. Apart, the console shares no bundle with the visitor's page either (decision 062).
// The app and console targets name their sources in package.json; the prerender's entry is given here, so building
// the app alone does not build it too.
// The prerender's own config makes the widgets' stylesheets empty: Node cannot import CSS.
for (const entry of [
  ['--target', 'app'],
  // A cache of its own: sharing one with the app's run left both pages unwritten on the next build from a warm cache.
  ['--target', 'console', '--cache-dir', '.parcel-cache/console'],
  ['site/prerender.tsx', '--target', 'prerender', '--config', './tools/prerender.parcelrc'],
]) {
  const parcel = spawnSync('npx', ['parcel', 'build', ...entry, '--no-source-maps', '--log-level', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (parcel.status !== 0) process.exit(parcel.status ?? 1);
}
writeFileSync(STAMP, hash);
console.log('Built dist/.');
buildServer();
