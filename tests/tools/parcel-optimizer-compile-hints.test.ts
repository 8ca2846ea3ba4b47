/**
 * The build's compile hint (tools/parcel-optimizer-compile-hints.ts, named in .parcelrc): Parcel with the
 * project's configuration builds a page in miniature, and the script the page loads starts with the hint, in its
 * brotli and gzip copies too, while the chunk it fetches later does not.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Parcel } from '@parcel/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../tools/parcel-optimizer-compile-hints.ts';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { tempDir } from '../support/server-harness.ts';

const dir = tempDir('fundflow-compile-hints-');

interface Built {
  dist: string;
  /** The script index.html loads. */
  main: string;
  /** The other scripts: chunks fetched later. */
  chunks: string[];
}

/** Builds the page, with source maps or without, into a folder of its own. */
async function build(sourceMaps: boolean): Promise<Built> {
  const dist = join(dir.path, sourceMaps ? 'dist-with-maps' : 'dist');
  await new Parcel({
    entries: join(dir.path, 'index.html'),
    config: join(PROJECT_ROOT, '.parcelrc'),
    mode: 'production',
    defaultTargetOptions: { distDir: dist, sourceMaps },
    cacheDir: join(dir.path, '.parcel-cache'),
    shouldDisableCache: true,
    logLevel: 'error',
  }).run();
  const main =
    /<script[^>]*\bsrc="?\/([^"\s>]+\.js)/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1] ??
    'no script in index.html';
  const chunks = readdirSync(dist).filter((file) => file.endsWith('.js') && file !== main);
  return { dist, main, chunks };
}

beforeAll(() => {
  // A project of its own, so Parcel takes this folder for its root.
  writeFileSync(join(dir.path, 'package.json'), '{ "name": "compile-hints-fixture", "private": true }\n');
  writeFileSync(join(dir.path, 'package-lock.json'), '{}\n');
  writeFileSync(
    join(dir.path, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    join(dir.path, 'main.js'),
    "document.body.dataset.started = 'yes';\naddEventListener('click', () => import('./later.js'));\n",
  );
  writeFileSync(join(dir.path, 'later.js'), "export const later = () => document.body.append('later');\n");
});

afterAll(() => dir.remove());

it('starts the script the page loads with the hint, in its compressed copies too, and leaves later chunks alone', async () => {
  const { dist, main, chunks } = await build(false);
  const code = readFileSync(join(dist, main), 'utf8');
  expect(code.startsWith(COMPILE_HINT)).toBe(true);
  expect(code).toContain('started');
  expect(brotliDecompressSync(readFileSync(join(dist, `${main}.br`))).toString()).toBe(code);
  expect(gunzipSync(readFileSync(join(dist, `${main}.gz`))).toString()).toBe(code);
  expect(chunks).toHaveLength(1);
  const later = readFileSync(join(dist, chunks[0]!), 'utf8');
  expect(later).toContain('later');
  expect(later).not.toContain(COMPILE_HINT.trim());
}, 60_000);

it("moves the source map's lines down with the code", async () => {
  const { dist, main } = await build(true);
  const map = JSON.parse(readFileSync(join(dist, `${main}.map`), 'utf8')) as { mappings: string };
  // The hint's line maps to nothing: the mappings start with an empty line.
  expect(map.mappings.startsWith(';')).toBe(true);
}, 60_000);
