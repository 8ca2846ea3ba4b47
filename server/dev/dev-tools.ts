/**
 * The development aids of the server, registered only in development (server/app.ts loads this module only then):
 *
 * - every page gets the development state (build counter, content stamp, preview answers) as a JSON data block, the
 *   development stylesheet and /__dev/client.js, before the page's own scripts;
 * - /__dev/events streams the status `npm run dev` writes (the problems of the last save, the build counter) as
 *   Server-Sent Events, so the open pages show the problems and reload once a new build is ready;
 * - /__preview/<version>/<step id> opens any step with sample answers in the steps before it.
 *
 * Everything comes from this origin, as files and elements: the page's Content-Security-Policy needs no exception.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { escapeHtml, scriptSafeJson, type PageServer } from '../page/index.ts';
import { PROJECT_ROOT } from '../platform/paths.ts';
import { answerPreview, messagePage, PREVIEW_PREFIX, versionsOf } from './preview.ts';
import {
  DEV_STATE_ELEMENT_ID,
  devStatusFile,
  readDevStatus,
  type DevPageState,
  type DevPreview,
  type DevStatus,
  type DevStatusEvent,
} from './status.ts';

export const DEV_CLIENT_PATH = '/__dev/client.js';
export const DEV_STYLESHEET_PATH = '/__dev/client.css';
export const DEV_EVENTS_PATH = '/__dev/events';

// From the sources, wherever the server runs: the compiled server has neither file beside it.
const CLIENT_SOURCE = join(PROJECT_ROOT, 'server', 'dev', 'client.ts');
const STYLESHEET = join(PROJECT_ROOT, 'server', 'dev', 'client.css');

export interface DevToolsOptions {
  /** The flow files the previews are made from. */
  flowsDir: string;
  /** The content files the server answers with (server/page/content/): a change of them reloads the open pages. */
  contentDir: string;
  /** The development build the server serves (STATIC_DIR). */
  staticDir: string;
  /** The status file `npm run dev` writes; default: the one in `staticDir` (see status.ts). */
  statusFile?: string | undefined;
  /** How often the status file is looked at, in milliseconds; default 100. */
  pollMs?: number;
}

export interface DevTools {
  /** What goes into the page before its first script, for this request. */
  head(request: FastifyRequest): string;
  /** Adds the routes; the previews answer with `page`. */
  register(app: FastifyInstance, page: PageServer): Promise<void>;
}

/** A short digest of the content files, as read when this server started. */
export function contentStamp(dir: string): string {
  const hash = createHash('sha256');
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    // No folder: nothing to stamp.
  }
  for (const name of names)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  return hash.digest('base64url').slice(0, 16);
}

export function createDevTools(options: DevToolsOptions): DevTools {
  const statusFile = options.statusFile ?? devStatusFile(options.staticDir);
  const content = contentStamp(options.contentDir);
  const previews = new WeakMap<FastifyRequest, DevPreview>();
  const clients = new Set<ServerResponse>();
  let status: DevStatus = readDevStatus(statusFile);

  const event = (): DevStatusEvent => ({ ...status, content });
  const send = (client: ServerResponse) => client.write(`event: status\ndata: ${JSON.stringify(event())}\n\n`);

  function head(request: FastifyRequest): string {
    const preview = previews.get(request);
    const state: DevPageState = {
      build: readDevStatus(statusFile).build,
      content,
      ...(preview === undefined ? {} : { preview }),
    };
    return (
      `<script id="${DEV_STATE_ELEMENT_ID}" type="application/json">${scriptSafeJson(state)}</script>` +
      `<link rel="stylesheet" href="${DEV_STYLESHEET_PATH}">` +
      `<script type="module" src="${DEV_CLIENT_PATH}"></script>`
    );
  }

  async function register(app: FastifyInstance, page: PageServer): Promise<void> {
    const onChange = () => {
      const next = readDevStatus(statusFile);
      if (JSON.stringify(next) === JSON.stringify(status)) return;
      status = next;
      for (const client of clients) send(client);
    };
    watchFile(statusFile, { interval: options.pollMs ?? 100, persistent: false }, onChange);

    app.addHook('preClose', async () => {
      unwatchFile(statusFile, onChange);
      for (const client of clients) client.end();
      clients.clear();
    });

    app.get(DEV_CLIENT_PATH, async (_request, reply) => {
      // The client is TypeScript like the rest; the browser gets it with the types taken out, nothing else changed.
      const source = await readFile(CLIENT_SOURCE, 'utf8');
      return reply
        .header('cache-control', 'no-store')
        .type('text/javascript; charset=utf-8')
        .send(stripTypeScriptTypes(source, { mode: 'strip' }));
    });

    app.get(DEV_STYLESHEET_PATH, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/css; charset=utf-8')
        .send(await readFile(STYLESHEET, 'utf8')),
    );

    app.get(DEV_EVENTS_PATH, (_request, reply) => {
      reply.hijack();
      const client = reply.raw;
      client.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      // A restarted server is back within a second or two; the browser reconnects by itself after this pause.
      client.write('retry: 500\n\n');
      send(client);
      clients.add(client);
      client.on('close', () => clients.delete(client));
    });

    const preview = async (request: FastifyRequest, reply: FastifyReply) => {
      const rest = (request.params as { '*'?: string })['*'] ?? '';
      let files;
      try {
        files = readFlowFiles(options.flowsDir);
      } catch (error) {
        return sendMessage(
          reply,
          503,
          'The flow files cannot be read',
          `<p>${escapeHtml((error as Error).message)}</p>`,
        );
      }
      let answer;
      try {
        answer = await answerPreview(versionsOf(files), rest);
      } catch (error) {
        // A flow being edited: its problems show over the page and in npm run flows:check.
        request.log.warn({ err: error }, 'preview: the flows cannot be previewed');
        return sendMessage(
          reply,
          503,
          'The flows cannot be previewed until their problems are fixed',
          `<p>${escapeHtml((error as Error).message)}</p><p>npm run flows:check lists the problems.</p>`,
        );
      }
      if (answer.kind === 'page') return sendMessage(reply, answer.status, answer.title, answer.html);
      if (answer.unfit.length > 0) {
        request.log.warn({ steps: answer.unfit }, 'preview: no sample answers fit these steps (npm run flows:check)');
      }
      previews.set(request, answer.preview);
      return page.send(request, reply, 200);
    };
    app.get(PREVIEW_PREFIX, preview);
    app.get(`${PREVIEW_PREFIX}/*`, preview);
  }

  return { head, register };
}

function sendMessage(reply: FastifyReply, status: number, title: string, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(messagePage(title, html));
}
