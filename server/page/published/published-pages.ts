/**
 * The published versions at run time: each live at `/<name>` and `/<name>/<step route>` on every server as soon as its
 * catalog has polled it, its later steps' validators at `/flow-assets/<name>/later.<hash>.js`, and its start screen
 * prerendered once this server has rendered it (the page until then draws it in the browser, still correct).
 * A retired version sends new visitors to '/', and its later steps stay for a week so a visitor part way can finish.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flow } from '../../../engine/flow/definition.ts';
import { stepPath } from '../../../engine/flow/navigation.ts';
import { FLOW_ASSETS_PREFIX, RETIRED_FINISH_DAYS } from '../../../contracts/flow-studio.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { preferredEncoding } from '../../platform/http/encoding.ts';
import { routePath } from '../page-server.ts';
import type { Prerenderer } from '../prerendered.ts';
import type { FlowPages } from './flow-page.ts';
import type { PublishedVersion, VersionCatalog } from './version-catalog.ts';

/** How long a retired version's later steps are still served (the console says the same days). */
const RETIRED_STEPS_MS = RETIRED_FINISH_DAYS * 24 * 60 * 60 * 1000;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where a version's later steps' validators are served: the hash names their content. */
function laterValidatorsUrl(name: string, hash: string): string {
  return `${FLOW_ASSETS_PREFIX}/${name}/later.${hash}.js`;
}

/** A version's start path (`/<name>`, its start step's route being empty or not). */
function startPathOf(flow: Flow): string {
  return stepPath(flow, flow.steps[flow.start]!);
}

/** The path's version and whether it is the start, or undefined when no published version has a step there. */
function stepAt(catalog: VersionCatalog, path: string): { version: PublishedVersion; start: boolean } | undefined {
  const name = path.split('/')[1] ?? '';
  const version = catalog.get(name);
  if (version === undefined) return undefined;
  const { flow } = version;
  const step = Object.values(flow.steps).find((candidate) => stepPath(flow, candidate) === path);
  return step === undefined ? undefined : { version, start: step === flow.steps[flow.start] };
}

interface PublishedPagesOptions {
  catalog: VersionCatalog;
  flowPages: FlowPages;
  publicConfig: PublicConfig;
  /** Production: each live version's start screen is prerendered when this server first learns of it. */
  prerenderer?: Prerenderer;
  onPrerenderError: (version: string, error: unknown) => void;
  now: () => number;
}

export interface PublishedPages {
  /** The answer for a path no other route took, when a published version has a step there; else undefined. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined;
  /** The start path of a live published version (the split test's redirect), else undefined. */
  liveStart(name: string): string | undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface LaterScript {
  hash: string;
  raw: Buffer;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

export function registerPublishedPages(app: FastifyInstance, options: PublishedPagesOptions): PublishedPages {
  const { catalog } = options;
  const screens = new Map<string, string>();
  const attempted = new Set<string>();
  let rendering = Promise.resolve();

  // Each version rendered once per server, one child process at a time, in the background of the poll that found it.
  function renderNew(): void {
    const { prerenderer } = options;
    if (prerenderer === undefined) return;
    const fresh = catalog.published().filter(({ name, retiredAt }) => retiredAt === null && !attempted.has(name));
    if (fresh.length === 0) return;
    for (const { name } of fresh) attempted.add(name);
    rendering = rendering.then(async () => {
      try {
        const rendered = await prerenderer.renderFlows(
          options.publicConfig,
          fresh.flatMap(({ name, flow }) => {
            const compiled = catalog.compiled(name);
            return compiled === undefined ? [] : [{ flow, startValidators: compiled.startValidators }];
          }),
        );
        for (const [name, markup] of rendered) {
          if (markup instanceof Error) options.onPrerenderError(name, markup);
          else screens.set(name, markup);
        }
      } catch (error) {
        for (const { name } of fresh) options.onPrerenderError(name, error);
      }
    });
  }
  catalog.onChange(renderNew);

  // Compressed once per version, when first asked for: the script never changes under its hash.
  const laterScripts = new Map<string, LaterScript>();
  function laterScript(name: string): LaterScript | undefined {
    const compiled = catalog.compiled(name);
    if (compiled === undefined) return undefined;
    let script = laterScripts.get(name);
    if (script === undefined) {
      const raw = Buffer.from(compiled.laterValidators);
      const size = { [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.BROTLI_PARAM_QUALITY]: 11 };
      script = {
        hash: compiled.laterValidatorsHash,
        raw,
        br: brotliAsync(raw, { params: size }),
        gzip: gzipAsync(raw, { level: 9 }),
      };
      laterScripts.set(name, script);
    }
    return script;
  }

  app.get<{ Params: { name: string; file: string } }>(`${FLOW_ASSETS_PREFIX}/:name/:file`, async (request, reply) => {
    const { name, file } = request.params;
    const script = laterScript(name);
    // Answered as any other path without a file: the page's 404.
    if (script === undefined || file !== `later.${script.hash}.js`) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
    reply.type('text/javascript; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(await script.br);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await script.gzip);
    return reply.send(script.raw);
  });

  async function toStart(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const query = request.url.indexOf('?');
    reply.header('cache-control', 'private, no-cache');
    return reply.redirect(query === -1 ? '/' : `/${request.url.slice(query)}`, 302);
  }

  return {
    answer(request, reply) {
      const found = stepAt(catalog, routePath(request.url));
      if (found === undefined) return undefined;
      const { version, start } = found;
      const { retiredAt } = version;
      // New visitors go to '/'; one part way through keeps the later steps for a week.
      if (retiredAt !== null && (start || options.now() - retiredAt.getTime() > RETIRED_STEPS_MS)) {
        return toStart(request, reply);
      }
      const compiled = catalog.compiled(version.name)!;
      const markup = start ? screens.get(version.name) : undefined;
      return options.flowPages.send(
        request,
        reply,
        { flow: version.flow, compiled, laterUrl: laterValidatorsUrl(version.name, compiled.laterValidatorsHash) },
        markup,
      );
    },

    liveStart(name) {
      const version = catalog.get(name);
      return version === undefined || version.retiredAt !== null ? undefined : startPathOf(version.flow);
    },
  };
}
