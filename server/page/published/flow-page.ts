/**
 * A flow's own page: the visitor's page for a published version, or for the studio's preview of a draft. The page
 * is the built one with an inline script that sets the compiled flow the site's script adds to its flows (the flow,
 * its start step's validators, and a loader of the later steps' ones), so the version needs no build of its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flow } from '../../../engine/flow/definition.ts';
import { scriptSafeJson, type PageServer } from '../page-server.ts';
import type { CompiledVersion } from './compile-version.ts';
import { LATER_VALIDATORS_GLOBAL, PUBLISHED_FLOW_GLOBAL, START_VALIDATORS_GLOBAL } from './page-globals.ts';
// The page's script carries no table of the engine's words: a flow comes with them, as the build's do.
import { withEngineMessages } from '../../../engine/messages.ts';

export interface FlowPage {
  flow: Flow;
  compiled: CompiledVersion;
  /** Where the later steps' validators are fetched from; absent: they are inlined too (the preview). */
  laterUrl?: string;
  /** A form record written into localStorage before the page's script runs (the preview's sample answers). */
  seed?: { storageKey: string; record: string };
  /** Kept out of search engines (X-Robots-Tag: noindex). */
  noindex?: boolean;
  /** The languages the flow exists in (codes); absent: every language (the preview). */
  languages?: readonly string[];
}

/** The page's inline script: the validators scripts, the seed, and the compiled flow set for the site's script. */
function flowPageScript(page: FlowPage): string {
  const later =
    page.laterUrl === undefined
      ? `function(){return Promise.resolve(self.${LATER_VALIDATORS_GLOBAL})}`
      : // Fetched once, when a later step first needs it; a failed fetch is tried again at the next need.
        'function(){return p||(p=new Promise(function(resolve,reject){' +
        `var s=document.createElement("script");s.src=${scriptSafeJson(page.laterUrl)};` +
        `s.onload=function(){resolve(self.${LATER_VALIDATORS_GLOBAL})};` +
        's.onerror=function(){p=void 0;reject(new Error("the later steps\' validators could not be loaded"))};' +
        'document.head.appendChild(s)}))}';
  const seed =
    page.seed === undefined
      ? ''
      : // A browser that refuses storage gets the page without the answers, as a visitor's would.
        `try{localStorage.setItem(${scriptSafeJson(page.seed.storageKey)},${scriptSafeJson(page.seed.record)})}catch(e){}`;
  return [
    page.compiled.startValidators,
    ...(page.laterUrl === undefined ? [page.compiled.laterValidators] : []),
    seed,
    `(function(){var p;self.${PUBLISHED_FLOW_GLOBAL}={flow:${scriptSafeJson(withEngineMessages(page.flow))},` +
      `validators:self.${START_VALIDATORS_GLOBAL},laterValidators:${later}` +
      (page.languages === undefined ? '' : `,languages:${scriptSafeJson(page.languages)}`) +
      '}})();',
  ].join('\n');
}

/** Where the pages plugin leaves its page server, for the routes of other features (the studio's preview). */
export class FlowPages {
  #server: PageServer | undefined;

  /** Called once by the pages plugin. */
  provide(server: PageServer): void {
    this.#server = server;
  }

  async send(request: FastifyRequest, reply: FastifyReply, page: FlowPage, markup?: string): Promise<FastifyReply> {
    if (page.noindex === true) reply.header('x-robots-tag', 'noindex');
    if (this.#server === undefined) {
      // Only before the pages plugin has loaded, which is before the app answers anything.
      return reply.code(503).type('text/plain; charset=utf-8').send('The pages are not ready yet. Reload.');
    }
    return this.#server.sendFlow(request, reply, {
      script: flowPageScript(page),
      ...(markup === undefined ? {} : { markup }),
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page server for flows of their own (published versions, previews): see serveFlowPage. */
    flowPages: FlowPages;
  }
}

/** Called by buildApp before any feature registers, so every feature's routes reach the same page server. */
export function decorateFlowPages(app: FastifyInstance): FlowPages {
  const flowPages = new FlowPages();
  app.decorate('flowPages', flowPages);
  return flowPages;
}

/** The visitor's page for any flow (a published version, or the studio's preview of a draft). */
export function serveFlowPage(request: FastifyRequest, reply: FastifyReply, page: FlowPage): Promise<FastifyReply> {
  return request.server.flowPages.send(request, reply, page);
}
