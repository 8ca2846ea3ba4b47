/** The build's compile hint: written into the page's entry script and into its compressed copies, once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { COMPILE_HINT, entryScripts, hintEagerCompile } from '../../engine/tools/compile-hints.ts';
import { ASSET_JS, BUILT_INDEX_HTML, tempDir, writeBuiltSite } from './helpers.ts';

let dir: ReturnType<typeof tempDir> | undefined;
afterEach(() => dir?.remove());

it('finds the module scripts a built page loads, quoted or not', () => {
  expect(entryScripts(BUILT_INDEX_HTML)).toEqual(['main.1a2b3c4d.js']);
  expect(entryScripts('<script type="module" src="/a.1.js"></script><script src="/classic.js"></script>')).toEqual(['a.1.js']);
});

it('starts the entry script and its brotli and gzip copies with the hint, and leaves a hinted script alone', () => {
  dir = tempDir();
  writeBuiltSite(dir.path);
  const script = join(dir.path, 'main.1a2b3c4d.js');

  expect(hintEagerCompile(dir.path)).toEqual(['main.1a2b3c4d.js']);
  expect(readFileSync(script, 'utf8')).toBe(COMPILE_HINT + ASSET_JS);
  expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(COMPILE_HINT + ASSET_JS);
  expect(gunzipSync(readFileSync(`${script}.gz`)).toString()).toBe(COMPILE_HINT + ASSET_JS);

  expect(hintEagerCompile(dir.path)).toEqual([]);
  expect(readFileSync(script, 'utf8')).toBe(COMPILE_HINT + ASSET_JS);
});
