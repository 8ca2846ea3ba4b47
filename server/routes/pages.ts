/**
 * The built site: hashed assets and other files from STATIC_DIR (precompressed variants per Accept-Encoding), the
 * templated page for every client route the flows define, and the 404 answers.
 */
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { allStepPaths } from '../../engine/flow/navigation.ts';
import type { Flow } from '../../engine/flow/format.ts';
import { notFoundBody } from '../errors.ts';
import type { PageServer } from '../page.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * A content-hashed file name, as Parcel writes them: a dot-separated segment of 8 or more letters and digits right
 * before the extension (main.1a2b3c4d.js, index.5e6f7a8b.css). The segment must be hexadecimal or contain a digit,
 * so a word like "settings.template.json" does not count. Compressed siblings (.br, .gz) count as their original.
 */
export function isHashedAsset(file: string): boolean {
  const name = basename(file).replace(/\.(?:br|gz|deflate)$/, '');
  const hash = /\.([0-9A-Za-z]{8,})\.[0-9A-Za-z]+$/.exec(name)?.[1];
  return hash !== undefined && (/^[0-9a-f]+$/i.test(hash) || /\d/.test(hash));
}

export function cacheControlFor(file: string): string {
  return isHashedAsset(file) ? IMMUTABLE : NO_CACHE;
}

type RoutableFlow = Pick<Flow, 'basePath' | 'steps'>;

/** The flow files cannot give the page's routes; the message names the file. */
export class FlowRoutesError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FlowRoutesError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function routableFlow(file: string, json: unknown): RoutableFlow {
  if (!isRecord(json) || typeof json.basePath !== 'string' || !isRecord(json.steps)) {
    throw new FlowRoutesError(`${file}: a flow needs "basePath" (a string) and "steps" (an object)`);
  }
  for (const [id, step] of Object.entries(json.steps)) {
    if (!isRecord(step) || typeof step.route !== 'string') {
      throw new FlowRoutesError(`${file} /steps/${id}/route: must be a string`);
    }
  }
  return json as unknown as RoutableFlow;
}

/** Every path the page answers with 200: the flows' step paths (from flows/*.json) and /index.html. */
export function clientRoutes(flowsDir: string): string[] {
  let files;
  try {
    files = readFlowFiles(flowsDir);
  } catch (error) {
    throw new FlowRoutesError(`The flow files cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const flows = files.map(({ file, json }) => routableFlow(file, json));
  const paths = new Set(allStepPaths(flows));
  for (const path of paths) {
    if (!/^\/[A-Za-z0-9._~/-]*$/.test(path) || path.includes('//')) {
      throw new FlowRoutesError(`The flows define the route "${path}": use letters, digits, - and / only`);
    }
    if (path === '/api' || path.startsWith('/api/')) {
      throw new FlowRoutesError(`The flows define the route "${path}": /api belongs to the server`);
    }
  }
  paths.add('/index.html');
  return [...paths].sort();
}

/** The built index.html and its compressed siblings are served only through the page templating. */
const RAW_PAGE = /^\/index\.html(?:\.(?:br|gz|deflate))?$/;

export interface PagesOptions {
  staticDir: string;
  flowsDir: string;
  page: PageServer;
  /** Everything no-cache: the dev build keeps file names while it rewrites their content. */
  development: boolean;
}

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<string[]> {
  const routes = clientRoutes(options.flowsDir);
  for (const path of routes) {
    app.get(path, (request, reply) => options.page.send(request, reply, 200));
  }

  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: '/',
    wildcard: true,
    index: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    allowedPath: (pathName) => !RAW_PAGE.test(pathName) && !pathName.endsWith('/'),
    setHeaders: (reply, file) => {
      reply.header('cache-control', options.development ? NO_CACHE : cacheControlFor(file));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      // It names the path the visitor asked for, so no cache keeps it, under /api or not.
      return reply.code(404).header('cache-control', 'no-store').send(notFoundBody(request.method, path));
    }
    return options.page.send(request, reply, 404);
  });

  return routes;
}

export function indexFile(staticDir: string): string {
  return join(staticDir, 'index.html');
}
