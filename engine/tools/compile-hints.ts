/**
 * The page's entry scripts marked to be compiled whole while they download. V8 compiles a function the first time it
 * is called, on the main thread: the page's script calls hundreds of them while it takes the start screen over, and
 * compiling them there is a good share of that work on a slow phone. A script whose first line is this comment is
 * compiled eagerly, on the thread that parses it as it streams in (Chrome's explicit compile hints; to other browsers
 * it is a comment). Parcel's minifier drops comments, so the build writes it into the built files and their brotli and
 * gzip copies.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const MODULE_SCRIPT_SRC = /<script\b(?=[^>]*\btype\s*=\s*["']?module)[^>]*\bsrc\s*=\s*["']?\/([^"'\s>]+\.js)/gi;

/** The scripts the page loads as modules, as file names in its folder. */
export function entryScripts(html: string): string[] {
  return [...html.matchAll(MODULE_SCRIPT_SRC)].map((match) => match[1]!);
}

/** Writes the hint into each entry script of `dir`'s index.html and compresses it again; answers the files changed. */
export function hintEagerCompile(dir: string): string[] {
  const changed: string[] = [];
  for (const name of entryScripts(readFileSync(join(dir, 'index.html'), 'utf8'))) {
    const file = join(dir, name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    const hinted = Buffer.from(COMPILE_HINT + code);
    writeFileSync(file, hinted);
    if (existsSync(`${file}.br`)) {
      writeFileSync(`${file}.br`, brotliCompressSync(hinted, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
    }
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(hinted, { level: 9 }));
    changed.push(name);
  }
  return changed;
}
