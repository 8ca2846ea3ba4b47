/**
 * The flow studio's preview while typing (docs/decisions/113-studio-editor.md): an admin signs in to the console in
 * Chromium, opens v1's first step in the editor (its first change makes the draft), and types new headings into
 * "Heading"; the console page times each edit from the last keystroke's keydown to the first frame painted after the
 * Preview's shown frame has the new heading, with where the time went: the wait before the save, the save's round
 * trip, and the frame's page from its navigation to the heading painted.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { onCleanup } from './cleanup.ts';
import { say } from './processes.ts';
import { BENCH_ADMIN } from './published-version.ts';
import { median, percentile } from './stats.ts';

/** Edits timed, after the warm-up ones (the first makes the draft). */
export const PREVIEW_EDITS = 10;
const WARMUP_EDITS = 2;
/** A marketer at a desk. */
const VIEWPORT = { width: 1280, height: 800 };
/** A person reads the preview before typing again. */
const PAUSE_MS = 500;

export interface PreviewEdit {
  heading: string;
  /** Last keydown to the first frame painted with the new heading in the shown frame. */
  paintedMs: number;
  /** Last keydown to the save's request starting (the typing pause the editor waits for, then the render). */
  toSaveMs: number | undefined;
  /** The save's request, start to the answer's last byte. */
  saveMs: number | undefined;
  /** The new frame's navigation start to the heading painted in it. */
  frameMs: number | undefined;
  /** The new frame's navigation start to its page's last byte (the server's part of the frame's time). */
  frameHtmlMs: number | undefined;
  /** Saves made from the first keystroke of the edit until its preview showed (the typing's included). */
  saves: number;
}

export interface StudioPreviewResult {
  edits: PreviewEdit[];
  medianMs: number | undefined;
  p95Ms: number | undefined;
  medianToSaveMs: number | undefined;
  medianSaveMs: number | undefined;
  medianFrameMs: number | undefined;
  medianFrameHtmlMs: number | undefined;
}

/**
 * In the console page only (not in the frames): `arm(heading)` starts watching; each keydown after it restarts the
 * clock (the last one counts); the draft saves after it are noted from resource timing; every animation frame looks
 * at the Preview's shown frame (the one not inert), and once its h1 reads the heading, a task queued from the next
 * animation frame (run once that frame is painted) stops the clock. Times are the console page's performance.now();
 * the frame's navigation start is its time origin on the same clock.
 */
const IN_PAGE = `(() => {
  if (window.top !== window) return;
  let state;
  window.__studioPreview = {
    arm(heading) { state = { heading, saves: [] }; watch(state); },
    read() { return state; },
  };
  addEventListener('keydown', (event) => {
    if (state && state.shown === undefined) state.lastKey = event.timeStamp;
  }, { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!state || state.lastKey === undefined) continue;
      if (entry.initiatorType === 'fetch' && /\\/flows\\/drafts\\/[^/]+$/.test(new URL(entry.name).pathname)) {
        state.saves.push({ start: entry.startTime, end: entry.responseEnd });
      }
    }
  }).observe({ type: 'resource' });
  function watch(current) {
    const look = () => {
      if (state !== current) return;
      const frame = document.querySelector('section[aria-label="Preview"] iframe:not([inert])');
      let text;
      try { text = frame && frame.contentDocument && frame.contentDocument.querySelector('h1')?.textContent; } catch {}
      if (current.lastKey !== undefined && text === current.heading) {
        current.shown = performance.now();
        const framed = frame.contentWindow.performance;
        current.frameStart = framed.timeOrigin - performance.timeOrigin;
        current.frameHtml = framed.getEntriesByType('navigation')[0]?.responseEnd;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => { current.painted = performance.now(); };
          channel.port2.postMessage(null);
        });
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }
})();`;

interface InPageState {
  heading: string;
  saves: { start: number; end: number }[];
  lastKey?: number;
  shown?: number;
  painted?: number;
  frameStart?: number;
  /** The frame's page answered, from its navigation start. */
  frameHtml?: number;
}

declare global {
  interface Window {
    __studioPreview: { arm: (heading: string) => void; read: () => InPageState | undefined };
  }
}

const headingField = (page: Page) => page.getByRole('textbox', { name: /^Heading\*?$/ });

async function timedEdit(page: Page, heading: string): Promise<PreviewEdit> {
  await page.evaluate((text) => window.__studioPreview.arm(text), heading);
  const field = headingField(page);
  await field.press('ControlOrMeta+a');
  await page.keyboard.type(heading);
  await page.waitForFunction(() => window.__studioPreview.read()?.painted !== undefined, undefined, {
    timeout: 15_000,
  });
  const state = (await page.evaluate(() => window.__studioPreview.read()))!;
  // The save that made the revision shown: the last one answered before the frame that shows it started, and started
  // after the last keystroke (the ones before went while typing).
  const save = state.saves
    .filter((entry) => entry.start >= state.lastKey! && entry.end <= (state.frameStart ?? Infinity))
    .at(-1);
  return {
    heading,
    paintedMs: state.painted! - state.lastKey!,
    toSaveMs: save === undefined ? undefined : save.start - state.lastKey!,
    saveMs: save === undefined ? undefined : save.end - save.start,
    frameMs: state.frameStart === undefined ? undefined : state.painted! - state.frameStart,
    frameHtmlMs: state.frameHtml,
    saves: state.saves.length,
  };
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email').fill(BENCH_ADMIN.email);
  await page.getByLabel('Password').fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Flows' }).waitFor();
}

const definedOnly = (values: (number | undefined)[]) => values.filter((value) => value !== undefined);

export async function runStudioPreview(
  origin: string,
  options: { chromePath: string; args: string[] },
): Promise<StudioPreviewResult> {
  const browser: Browser = await chromium.launch({ executablePath: options.chromePath, args: options.args });
  const close = onCleanup('Chromium for the studio preview', () => browser.close());
  const edits: PreviewEdit[] = [];
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await page.addInitScript(IN_PAGE);
    await signIn(page, origin);
    await page.goto(`${origin}/admin/flows/versions/v1/steps/start`);
    await headingField(page).waitFor();
    for (let edit = 1 - WARMUP_EDITS; edit <= PREVIEW_EDITS; edit++) {
      await page.waitForTimeout(PAUSE_MS);
      const timed = await timedEdit(page, `What business do you run, take ${edit + WARMUP_EDITS}?`);
      const round = (ms: number | undefined) => (ms === undefined ? '?' : String(Math.round(ms)));
      say(
        `  ${edit < 1 ? 'warm-up edit' : `edit ${edit}/${PREVIEW_EDITS}`}: ${round(timed.paintedMs)} ms ` +
          `(to the save ${round(timed.toSaveMs)}, save ${round(timed.saveMs)}, frame ${round(timed.frameMs)}, ` +
          `its page ${round(timed.frameHtmlMs)}; ${timed.saves} save${timed.saves === 1 ? '' : 's'} in the edit)`,
      );
      if (edit >= 1) edits.push(timed);
    }
  } finally {
    await close();
  }
  const painted = edits.map((edit) => edit.paintedMs);
  return {
    edits,
    medianMs: median(painted),
    p95Ms: percentile(painted, 95),
    medianToSaveMs: median(definedOnly(edits.map((edit) => edit.toSaveMs))),
    medianSaveMs: median(definedOnly(edits.map((edit) => edit.saveMs))),
    medianFrameMs: median(definedOnly(edits.map((edit) => edit.frameMs))),
    medianFrameHtmlMs: median(definedOnly(edits.map((edit) => edit.frameHtmlMs))),
  };
}
