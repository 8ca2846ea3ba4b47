/**
 * The start screens prerendered into the page, the page's stylesheet inlined and its script started once the screen
 * is painted, so a visitor's first paint needs the HTML alone and waits for nothing else. The renderer is the module
 * the build writes next to the site (site/prerender.tsx, built into STATIC_DIR/.prerender/); a build without it (the
 * development build) serves the page as it is.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverScript } from '../platform/paths.ts';
import type { PublicConfig } from '../../contracts/public-config.ts';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../engine/render/early-submit.ts';
import type { Flow } from '../../engine/flow/definition.ts';

export interface Prerenderer {
  /** The markup of each start screen's root element for a first visit, by path; the error where one failed. */
  renderAll(config: PublicConfig): Promise<ReadonlyMap<string, string | Error>>;
  /**
   * The start screens of flows the build does not have (versions published in the flow studio), each on the page
   * that carries it, by its start path; the error where one failed.
   */
  renderFlows(config: PublicConfig, flows: readonly FlowToRender[]): Promise<ReadonlyMap<string, string | Error>>;
}

/**
 * A flow the build does not have, with its start step's validators script (a published version's `startValidators`):
 * rjsf needs the step's validators to draw its form at all, so without them the server would draw the heading alone
 * and the form would arrive with the script, pushing the page down.
 */
export interface FlowToRender {
  flow: Flow;
  startValidators: string;
  /** The languages the version exists in (codes): the page links only to those. */
  languages: readonly string[];
}

export function prerendererFile(staticDir: string): string {
  return join(staticDir, '.prerender', 'prerender.js');
}

/** The build's renderer, or undefined when the build has none. */
export function loadPrerenderer(staticDir: string): Prerenderer | undefined {
  const file = prerendererFile(staticDir);
  if (!existsSync(file)) return undefined;
  return {
    renderAll: (config) => renderInChild({ file, config }),
    renderFlows: (config, flows) => renderInChild({ file, config, flows }),
  };
}

const CHILD_SCRIPT = serverScript('page/prerender-child');

/** What server/page/prerender-child.ts reads: the renderer's file, the settings, and the flows of their own if any. */
export interface PrerenderRequest {
  file: string;
  config: PublicConfig;
  /** Render these flows' start screens rather than the build's. */
  flows?: readonly FlowToRender[];
}

/**
 * What server/page/prerender-child.ts writes: each start path's (or flow version's) markup or error, or why the
 * renderer could not load.
 */
export type PrerenderAnswer = { screens: [path: string, markup: string | { error: string }][] } | { error: string };

/**
 * Renders in a child process: the renderer is the whole site compiled for Node (about 3 MB of code) and is needed
 * once, at start-up; loaded in the server it would stay in its memory for good. The build leaves React's choice of
 * its production or development build to NODE_ENV when the renderer runs: the child always gets the production one,
 * the React the page's script runs.
 */
async function renderInChild(request: PrerenderRequest): Promise<ReadonlyMap<string, string | Error>> {
  const child = spawn(process.execPath, [CHILD_SCRIPT], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  child.stdin.end(JSON.stringify(request));
  const code = await exited;
  let answer: PrerenderAnswer;
  try {
    answer = JSON.parse(stdout) as PrerenderAnswer;
  } catch {
    throw new Error(`the renderer's process ended without an answer (exit code ${code})`);
  }
  if ('error' in answer) throw new Error(answer.error);
  return new Map(
    answer.screens.map(([path, markup]) => [path, typeof markup === 'string' ? markup : new Error(markup.error)]),
  );
}

const EMPTY_ROOT = /<div\s+id\s*=\s*(["']?)root\1\s*>\s*<\/div>/i;

/** The page with the markup in its root element; undefined when the page has no empty root element to fill. */
export function intoRoot(html: string, markup: string): string | undefined {
  if (!EMPTY_ROOT.test(html)) return undefined;
  return html.replace(EMPTY_ROOT, (match) => match.replace(/>\s*<\/div>$/i, `>${markup}</div>`));
}

const STYLESHEET_LINK = /<link\b[^>]*\brel\s*=\s*(["']?)stylesheet\1[^>]*>/gi;

/** The value of an attribute of a start tag, quoted or not. */
function attributeOf(tag: string, name: 'href' | 'src'): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match?.[1] ?? match?.[2] ?? match?.[3];
}

export interface Inlined {
  html: string;
  /** CSP sources allowing the inline elements written ('sha256-...'). */
  hashes: string[];
}

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * Each same-origin stylesheet the page links (a root-relative path into STATIC_DIR) put into a style element: one
 * request fewer before the first paint. A stylesheet that cannot be read, or whose text could close the element,
 * stays linked.
 */
export async function inlineStylesheets(html: string, staticDir: string): Promise<Inlined> {
  const hashes: string[] = [];
  let result = '';
  let last = 0;
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const path = attributeOf(match[0], 'href');
    if (path === undefined || !/^\/(?!\/)[^?#]*\.css$/.test(path) || path.includes('..')) continue;
    let css: string;
    try {
      css = await readFile(join(staticDir, path), 'utf8');
    } catch {
      continue;
    }
    if (/<\/style/i.test(css)) continue;
    hashes.push(hashSource(css));
    result += html.slice(last, match.index) + `<style>${css}</style>`;
    last = match.index + match[0].length;
  }
  return { html: result + html.slice(last), hashes };
}

const MODULE_SCRIPT = /<script\b(?=[^>]*\btype\s*=\s*(["']?)module\1)[^>]*>\s*<\/script\s*>/gi;

/**
 * Each module script the page loads by address, started only once the browser reports the first contentful paint
 * (a paint entry is delivered after the frame is presented; where paint timing is missing, a task queued from the
 * next animation frame stands in). With the screen already in the HTML the script is not needed to draw it, and
 * fetched alongside it would hold a slow phone's paint behind the whole script's download.
 */
export function scriptsAfterFirstPaint(html: string): Inlined {
  const hashes: string[] = [];
  const result = html.replace(MODULE_SCRIPT, (tag) => {
    const src = attributeOf(tag, 'src');
    if (src === undefined || !/^\/(?!\/)/.test(src)) return tag;
    // Until the script takes the screen over, a press of a form's button must not submit it natively (a reload
    // with the answers in the address), and is marked on the form to be answered once the form is taken over; the
    // form's own handler prevents the native submission from then on and takes the mark. A radio picked meanwhile is
    // checked by the browser, and marked too when a tap picked it (detail > 0), not the keyboard: a tap on a choice
    // answers the step, the keyboard only moves the selection.
    const loader =
      '(function(){' +
      'document.addEventListener("submit",function(e){var f=e.target;if(f.closest&&f.closest("#root")){e.preventDefault();' +
      `f.setAttribute(${JSON.stringify(EARLY_SUBMIT_ATTRIBUTE)},"")}},true);` +
      'document.addEventListener("click",function(e){var r=e.target;if(r.type=="radio"&&r.closest("#root"))' +
      `r.toggleAttribute(${JSON.stringify(EARLY_SUBMIT_ATTRIBUTE)},e.detail>0)},true);` +
      `function go(){var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(src)};document.head.appendChild(s)}` +
      'var P=window.PerformanceObserver;' +
      'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
      'var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}});' +
      'o.observe({type:"paint",buffered:true})' +
      '}else requestAnimationFrame(function(){setTimeout(go)})' +
      '})()';
    hashes.push(hashSource(loader));
    return `<script>${loader}</script>`;
  });
  return { html: result, hashes };
}
