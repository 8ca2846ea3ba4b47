/**
 * `node server/page/prerender-child.ts`: renders the start screens with the build's renderer and exits (see
 * renderInChild in server/page/prerendered.ts). Reads {file, config} as JSON on stdin; writes {screens} on stdout, each
 * [path, markup] or [path, {error}], or {error} when the renderer itself cannot be loaded.
 */
import { text } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import type { PrerenderAnswer } from './prerendered.ts';
import type { PublicConfig } from '../../contracts/public-config.ts';

interface PrerenderModule {
  startPaths: readonly string[];
  prerender(path: string, config: PublicConfig): string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const { file, config } = JSON.parse(await text(process.stdin)) as { file: string; config: PublicConfig };
let answer: PrerenderAnswer;
try {
  const module = (await import(pathToFileURL(file).href)) as PrerenderModule;
  const screens = module.startPaths.map((path): [string, string | { error: string }] => {
    try {
      return [path, module.prerender(path, config)];
    } catch (error) {
      return [path, { error: messageOf(error) }];
    }
  });
  answer = { screens };
} catch (error) {
  answer = { error: `the renderer could not be loaded: ${messageOf(error)}` };
}
// Exits once the answer is out: React's server renderer keeps a MessageChannel open for its streams, which would
// keep this process alive, and the server waits for it to end.
process.stdout.write(JSON.stringify(answer), () => process.exit(0));
