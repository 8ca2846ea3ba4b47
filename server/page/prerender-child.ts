/**
 * `node server/page/prerender-child.ts`: renders the start screens with the build's renderer and exits (see
 * renderInChild in server/page/prerendered.ts). Reads a PrerenderRequest as JSON on stdin; writes {screens} on stdout,
 * each [path, markup] or [path, {error}] (the flows given too, by their start path), or {error} when the renderer itself cannot
 * be loaded.
 */
import { text } from 'node:stream/consumers';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import type { PrerenderAnswer, PrerenderRequest } from './prerendered.ts';
import type { PublicConfig } from '../../contracts/public-config.ts';
import type { Flow } from '../../engine/flow/definition.ts';
import { stepPath } from '../../engine/flow/navigation.ts';
import { withEngineMessages } from '../../engine/messages.ts';
import type { StepValidators } from '../../engine/flow/compiled.ts';
import { START_VALIDATORS_GLOBAL } from './published/page-globals.ts';

interface PrerenderModule {
  /** Settles once the widgets the first script leaves out are loaded: a start step may show one. */
  ready(): Promise<void>;
  startPaths: readonly string[];
  prerender(
    path: string,
    config: PublicConfig,
    published?: { flow: Flow; validators: Readonly<Record<string, StepValidators>>; languages: readonly string[] },
  ): string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The start step's validators a published version's page script sets, run here as the page would run it. */
function startValidatorsOf(script: string): Readonly<Record<string, StepValidators>> {
  const page: Record<string, unknown> = {};
  runInNewContext(script, { self: page });
  return page[START_VALIDATORS_GLOBAL] as Readonly<Record<string, StepValidators>>;
}

const { file, config, flows } = JSON.parse(await text(process.stdin)) as PrerenderRequest;
let answer: PrerenderAnswer;
try {
  const module = (await import(pathToFileURL(file).href)) as PrerenderModule;
  await module.ready();
  const screen = (key: string, render: () => string): [string, string | { error: string }] => {
    try {
      return [key, render()];
    } catch (error) {
      return [key, { error: messageOf(error) }];
    }
  };
  const screens =
    flows === undefined
      ? module.startPaths.map((path) => screen(path, () => module.prerender(path, config)))
      : flows.map(({ flow, startValidators, languages }) =>
          screen(stepPath(flow, flow.steps[flow.start]!), () =>
            module.prerender(stepPath(flow, flow.steps[flow.start]!), config, {
              flow: withEngineMessages(flow),
              validators: startValidatorsOf(startValidators),
              languages,
            }),
          ),
        );
  answer = { screens };
} catch (error) {
  answer = { error: `the renderer could not be loaded: ${messageOf(error)}` };
}
// Exits once the answer is out: React's server renderer keeps a MessageChannel open for its streams, which would
// keep this process alive, and the server waits for it to end.
process.stdout.write(JSON.stringify(answer), () => process.exit(0));
