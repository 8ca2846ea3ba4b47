/**
 * Development: recompiles the flows and the site content on every save of a flow or content file, rebuilds the site on every change (Parcel watch
 * into .dev-dist/) and restarts the server on every server change. Flow problems are printed and the last good
 * build keeps running until they are fixed.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { compileFlows, ROOT } from './compile-flows.ts';

function recompile() {
  const problems = compileFlows();
  if (problems.length === 0) console.log('flows and site content: compiled');
  else console.error(`flows and site content: ${problems.length} problem(s), keeping the last good build\n${problems.join('\n')}`);
}

recompile();
let pending: ReturnType<typeof setTimeout> | undefined;
for (const folder of ['flows', join('site', 'content')]) {
  watch(join(ROOT, folder), () => {
    clearTimeout(pending);
    pending = setTimeout(recompile, 100);
  });
}

const children = [
  spawn('npx', ['parcel', 'watch', '--target', 'dev', '--no-hmr'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=server', '--watch-path=engine', '--watch-path=flows', '--watch-path=site/content', 'server/index.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', STATIC_DIR: '.dev-dist' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
