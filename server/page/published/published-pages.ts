/**
 * The published versions at run time: each live at `/<name>` and `/<name>/<step route>` on every server as soon as its
 * catalog has polled it, and in each language it was published in at the language's prefix (`/es/<name>`); its later
 * steps' validators at `/flow-assets/<name>/later.<hash>.js` (a hash per language), and its start screens prerendered
 * once this server has rendered them (the page until then draws them in the browser, still correct).
 * A retired version sends new visitors to '/', and its later steps stay for a week so a visitor part way can finish.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flow } from '../../../engine/flow/definition.ts';
import { stepPath } from '../../../engine/flow/navigation.ts';
import { SOURCE_LANGUAGE, type LanguageFile } from '../../../engine/language/language-file.ts';
import { languageOfPath, pathInLanguage } from '../../../engine/language/paths.ts';
import { languageFlow, languagePrefix } from '../../../engine/language/translated-flows.ts';
import { ENGINE_MESSAGES } from '../../../engine/messages.ts';
import { FLOW_ASSETS_PREFIX, RETIRED_FINISH_DAYS } from '../../../contracts/flow-studio.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { preferredEncoding } from '../../platform/http/encoding.ts';
import { routePath } from '../page-server.ts';
import type { Prerenderer } from '../prerendered.ts';
import type { CompiledVersion } from './compile-version.ts';
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

/** A version as one language's visitors get it: the flow at the language's prefix and its validators. */
interface VersionPage {
  version: PublishedVersion;
  language: string;
  flow: Flow;
  compiled: CompiledVersion;
}

/** The codes of the languages a version exists in: English, and those it was published in. */
const languagesOf = (version: PublishedVersion): string[] => [SOURCE_LANGUAGE, ...version.languages];

/** The languages of addresses: English at "", each other at its prefix, with its file. */
interface PrefixedLanguage {
  code: string;
  prefix: string;
  file?: LanguageFile;
}

interface PublishedPagesOptions {
  catalog: VersionCatalog;
  flowPages: FlowPages;
  publicConfig: PublicConfig;
  /** The other languages of the flows: a version published in one is served at its prefix. */
  languages: readonly LanguageFile[];
  /** Production: each live version's start screen is prerendered when this server first learns of it. */
  prerenderer?: Prerenderer;
  onPrerenderError: (version: string, error: unknown) => void;
  now: () => number;
}

export interface PublishedPages {
  /** The answer for a path no other route took, when a published version has a step there; else undefined. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined;
  /**
   * The start path of a live published version (the split test's redirect), at `/<name>` whatever the language; else
   * undefined, as for a version not published in `language` (a code: "en", "es").
   */
  liveStart(name: string, language?: string): string | undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface LaterScript {
  raw: Buffer;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

export function registerPublishedPages(app: FastifyInstance, options: PublishedPagesOptions): PublishedPages {
  const { catalog } = options;
  const prefixed: PrefixedLanguage[] = [
    { code: SOURCE_LANGUAGE, prefix: '' },
    ...options.languages.map((file) => ({ code: file.language, prefix: languagePrefix(file.language), file })),
  ];
  // Start screens by start path (`/spring`, `/es/spring`).
  const screens = new Map<string, string>();
  const attempted = new Set<string>();
  let rendering = Promise.resolve();

  const languageFlows = new Map<string, Flow>();

  /** The version in a language, as its page serves it; undefined when it was not published in that language. */
  function versionPage(version: PublishedVersion, language: PrefixedLanguage): VersionPage | undefined {
    if (language.file === undefined) {
      const compiled = catalog.compiled(version.name);
      return compiled === undefined ? undefined : { version, language: language.code, flow: version.flow, compiled };
    }
    const translated = catalog.inLanguage(version.name, language.code);
    if (translated === undefined) return undefined;
    // Made once per version and language: a published flow never changes, and this runs on each of its requests.
    const key = `${version.name}/${language.code}`;
    let flow = languageFlows.get(key);
    if (flow === undefined) {
      flow = languageFlow(translated.flow, language.file, ENGINE_MESSAGES);
      languageFlows.set(key, flow);
    }
    return { version, language: language.code, flow, compiled: translated.compiled };
  }

  /** The path's version page and whether it is the start, or undefined when no published version has a step there. */
  function stepAt(path: string): { page: VersionPage; start: boolean } | undefined {
    const language = languageOfPath(prefixed, path);
    const name = pathInLanguage(path, language, prefixed[0]!).split('/')[1] ?? '';
    const version = catalog.get(name);
    const page = version === undefined ? undefined : versionPage(version, language);
    if (page === undefined) return undefined;
    const { flow } = page;
    const step = Object.values(flow.steps).find((candidate) => stepPath(flow, candidate) === path);
    return step === undefined ? undefined : { page, start: step === flow.steps[flow.start] };
  }

  // Each version rendered once per server in each of its languages, one child process at a time, in the background of
  // the poll that found it.
  function renderNew(): void {
    const { prerenderer } = options;
    if (prerenderer === undefined) return;
    const fresh = catalog.published().filter(({ name, retiredAt }) => retiredAt === null && !attempted.has(name));
    if (fresh.length === 0) return;
    for (const { name } of fresh) attempted.add(name);
    const pages = fresh.flatMap((version) => prefixed.flatMap((language) => versionPage(version, language) ?? []));
    rendering = rendering.then(async () => {
      try {
        const rendered = await prerenderer.renderFlows(
          options.publicConfig,
          pages.map(({ version, flow, compiled }) => ({
            flow,
            startValidators: compiled.startValidators,
            languages: languagesOf(version),
          })),
        );
        for (const [path, markup] of rendered) {
          if (markup instanceof Error) options.onPrerenderError(path, markup);
          else screens.set(path, markup);
        }
      } catch (error) {
        for (const { name } of fresh) options.onPrerenderError(name, error);
      }
    });
  }
  catalog.onChange(renderNew);

  // Compressed once per version and language, when first asked for: the script never changes under its hash.
  const laterScripts = new Map<string, LaterScript>();
  function laterScript(name: string, hash: string): LaterScript | undefined {
    const version = catalog.get(name);
    const compiled =
      version === undefined
        ? undefined
        : prefixed
            .map((language) => versionPage(version, language)?.compiled)
            .find((each) => each?.laterValidatorsHash === hash);
    if (compiled === undefined) return undefined;
    const key = `${name}/${hash}`;
    let script = laterScripts.get(key);
    if (script === undefined) {
      const raw = Buffer.from(compiled.laterValidators);
      const size = { [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.BROTLI_PARAM_QUALITY]: 11 };
      script = {
        raw,
        br: brotliAsync(raw, { params: size }),
        gzip: gzipAsync(raw, { level: 9 }),
      };
      laterScripts.set(key, script);
    }
    return script;
  }

  app.get<{ Params: { name: string; file: string } }>(`${FLOW_ASSETS_PREFIX}/:name/:file`, async (request, reply) => {
    const { name, file } = request.params;
    const hash = /^later\.([0-9a-f]+)\.js$/.exec(file)?.[1];
    const script = hash === undefined ? undefined : laterScript(name, hash);
    // Answered as any other path without a file: the page's 404.
    if (script === undefined) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
    reply.type('text/javascript; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(await script.br);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await script.gzip);
    return reply.send(script.raw);
  });

  /** To the site's start in the page's language (`/`, `/es`), keeping the query. */
  async function toStart(request: FastifyRequest, reply: FastifyReply, language: string): Promise<FastifyReply> {
    const query = request.url.indexOf('?');
    const start = prefixed.find(({ code }) => code === language)?.prefix || '/';
    reply.header('cache-control', 'private, no-cache');
    return reply.redirect(query === -1 ? start : `${start}${request.url.slice(query)}`, 302);
  }

  return {
    answer(request, reply) {
      const path = routePath(request.url);
      const found = stepAt(path);
      if (found === undefined) return undefined;
      const { page, start } = found;
      const { retiredAt } = page.version;
      // New visitors go to '/'; one part way through keeps the later steps for a week.
      if (retiredAt !== null && (start || options.now() - retiredAt.getTime() > RETIRED_STEPS_MS)) {
        return toStart(request, reply, page.language);
      }
      const { flow, compiled } = page;
      const markup = start ? screens.get(path) : undefined;
      return options.flowPages.send(
        request,
        reply,
        {
          flow,
          compiled,
          laterUrl: laterValidatorsUrl(page.version.name, compiled.laterValidatorsHash),
          languages: languagesOf(page.version),
        },
        markup,
      );
    },

    liveStart(name, language = SOURCE_LANGUAGE) {
      const version = catalog.get(name);
      if (version === undefined || version.retiredAt !== null) return undefined;
      if (language !== SOURCE_LANGUAGE && !version.languages.includes(language)) return undefined;
      return startPathOf(version.flow);
    },
  };
}
