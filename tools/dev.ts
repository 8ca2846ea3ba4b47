/**
 * Development: `npm run dev`. Checks and compiles the flows and the content on every save of a flow or content file
 * (all of them: a version that extends another is compiled anew when the file it extends changes),
 * rebuilds the page and the operators' console on every change (Parcel, watching, into .dev-dist/ and
 * .dev-dist/console/) and runs the server in development mode.
 *
 * - The problems of a save are printed here and written, with a counter of completed page builds, to the status
 *   file the development server reads (server/dev/status.ts): the open pages show the problems over the page and
 *   reload once a newer build is written.
 * - The server restarts on every change of its code (server/, contracts/, engine/) and, once the check is clean, of the
 *   flow and content files it reads. While a save has problems the last good server and page keep running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative, sep } from 'node:path';
import { Parcel } from '@parcel/core';
import { compileFlows, ROOT } from './compile-flows.ts';
import { devStatusFile, writeDevStatus } from '../server/dev/status.ts';
import { loadConfig, loadDotEnv } from '../server/platform/config/load.ts';

type BuildEvent = NonNullable<Parameters<NonNullable<Parameters<Parcel['watch']>[0]>>[1]>;
type Diagnostic = Extract<BuildEvent, { type: 'buildFailure' }>['diagnostics'][number];

const DEV_DIST = '.dev-dist';
const STATUS_FILE = devStatusFile(join(ROOT, DEV_DIST));
/** What marketers edit: checked on every save; the server restarts with it once the check is clean. */
const CONTENT_FOLDERS = ['flows', 'site/content', 'server/page/content'];
/** What the server runs: it restarts on every save (after the content is clean again, while it is not). */
const CODE_FOLDERS = ['server', 'contracts', 'engine'];
const SETTLE_MS = 150;

/** `pageProblems` by build target: each page's build reports its own. */
const status = { problems: [] as string[], pageProblems: new Map<string, string[]>(), build: 0 };

function publish(): void {
  const pageProblems = [...status.pageProblems.values()].flat();
  writeDevStatus(STATUS_FILE, { problems: [...status.problems, ...pageProblems], build: status.build });
}

/** Checks and compiles; a file that cannot even be read is one more problem, not the end of `npm run dev`. */
function recompile(): boolean {
  let problems: string[];
  try {
    problems = compileFlows();
  } catch (error) {
    problems = [(error as Error).message.replace(/\s+/g, ' ')];
  }
  status.problems = problems;
  publish();
  if (problems.length === 0) console.log('flows and content: checked and compiled');
  else
    console.error(
      `flows and content: ${problems.length} problem(s), keeping the last good build\n${problems.join('\n')}`,
    );
  return problems.length === 0;
}

// ---- the server ----

let server: ChildProcess | undefined;
let restarting: Promise<void> | undefined;
let restartAgain = false;

function startServer(): ChildProcess {
  // The development server strips the types of its page script with Node's experimental stripTypeScriptTypes.
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/index.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', STATIC_DIR: DEV_DIST },
  });
}

/** Stops the server: SIGTERM at once, or after `graceMs` when it may be stopping already (a Ctrl-C reaches it too). */
async function stopServer(graceMs = 0): Promise<void> {
  const running = server;
  server = undefined;
  if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
  const exited = once(running, 'exit');
  const timer = setTimeout(() => running.kill('SIGTERM'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops the server (it closes its database) and starts it again; saves during a restart lead to one more. */
function restartServer(reason: string): void {
  if (restarting !== undefined) {
    restartAgain = true;
    return;
  }
  restarting = (async () => {
    do {
      restartAgain = false;
      console.log(`server: ${reason}, restarting`);
      await stopServer();
      server = startServer();
    } while (restartAgain);
  })().finally(() => {
    restarting = undefined;
  });
}

// ---- saves ----

/** Files editors write beside the real one while saving. */
function isEditorScratch(path: string): boolean {
  const name = basename(path);
  return name.startsWith('.') || name.endsWith('~') || /\.(?:swp|swx|tmp)$/.test(name) || name === '4913';
}

const isContent = (path: string) => CONTENT_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));

let changed = new Set<string>();
let settling: ReturnType<typeof setTimeout> | undefined;

/** After a pause in the saves: checks the content when some changed, then restarts the server if all is clean. */
function settle(): void {
  const paths = [...changed];
  changed = new Set();
  const clean = paths.some(isContent) ? recompile() : status.problems.length === 0;
  if (!clean) {
    console.log('server: keeps the last good flows and content, and restarts once the problems above are fixed');
    // The next clean check restarts it (a check follows every content save), picking up this change too.
    return;
  }
  restartServer(`${paths[0]}${paths.length > 1 ? ` and ${paths.length - 1} more` : ''} changed`);
}

function saved(path: string): void {
  if (isEditorScratch(path)) return;
  changed.add(path);
  clearTimeout(settling);
  settling = setTimeout(settle, SETTLE_MS);
}

function watchFolder(folder: string): void {
  watch(join(ROOT, folder), { recursive: true }, (_event, name) => {
    if (name !== null)
      saved(
        relative(ROOT, join(ROOT, folder, name))
          .split(sep)
          .join('/'),
      );
  });
}

// ---- the page ----

function describeDiagnostic(diagnostic: Diagnostic): string {
  const frame = diagnostic.codeFrames?.[0];
  const at = frame?.codeHighlights[0]?.start;
  const file = frame?.filePath === undefined ? 'the page' : relative(ROOT, frame.filePath).split(sep).join('/');
  const place = at === undefined ? file : `${file}:${at.line}:${at.column}`;
  return `${place}: the page could not be built: ${diagnostic.message.replace(/\s+/g, ' ')}`;
}

function pageBuilt(target: string, error: Error | null | undefined, event: BuildEvent | undefined): void {
  if (error) {
    status.pageProblems.set(target, [`the page could not be built: ${error.message.replace(/\s+/g, ' ')}`]);
  } else if (event?.type === 'buildSuccess') {
    status.pageProblems.delete(target);
    status.build += 1;
  } else if (event?.type === 'buildFailure') {
    status.pageProblems.set(target, event.diagnostics.map(describeDiagnostic));
  } else {
    return;
  }
  publish();
}

/**
 * A watcher for one target of package.json. The visitor's page and the console's get one each: in one Parcel graph
 * the two pages would share bundles (React, the router), and the console's page would load the visitor's script.
 * Each has its own cache, which one Parcel at a time may use.
 */
function watchPage(target: string, cacheDir: string) {
  return new Parcel({
    entries: ROOT,
    defaultConfig: createRequire(import.meta.url).resolve('@parcel/config-default'),
    targets: [target],
    mode: 'development',
    env: { NODE_ENV: 'development' },
    hmrOptions: null,
    serveOptions: false,
    shouldPatchConsole: false,
    cacheDir: join(ROOT, cacheDir),
    // Each watcher ignores its own cache; here both caches, under .parcel-cache, are ignored by both.
    watchIgnore: [relative(ROOT, STATUS_FILE), '.parcel-cache'],
    additionalReporters: [{ packageName: '@parcel/reporter-cli', resolveFrom: join(ROOT, 'package.json') }],
  }).watch((error, event) => pageBuilt(target, error, event));
}

// ---- start ----

mkdirSync(join(ROOT, DEV_DIST), { recursive: true });
recompile();
for (const folder of new Set([...CONTENT_FOLDERS, ...CODE_FOLDERS])) watchFolder(folder);

const subscriptions = await Promise.all([
  watchPage('dev', '.parcel-cache'),
  watchPage('dev-console', join('.parcel-cache', 'console')),
]);

// The first server starts whatever the check said: it may well run, and show the problems over the page.
server = startServer();
try {
  loadDotEnv();
  const origin = `http://localhost:${loadConfig().port}`;
  console.log(`preview any step: ${origin}/__preview/\nthe operators' console: ${origin}/admin`);
} catch {
  // The server reports its settings' problems itself.
}

let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1);
  stopping = true;
  clearTimeout(settling);
  await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
  await restarting;
  // Ctrl-C in the terminal reaches the server as well, which is then closing its database: a second signal would cut
  // that short, so it gets the time its own shutdown allows.
  await stopServer(signal === 'SIGINT' ? 11_000 : 0);
  process.exit(0);
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
