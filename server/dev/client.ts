/**
 * The page's development script, served by the development server only (as /__dev/client.js, with the types taken
 * out; it imports nothing but types). It runs before the page's own script:
 *
 * - on /__preview/<version>/<step>, it stores the sample answers where the engine keeps answers and puts the step's
 *   real path in the address bar, so the page starts at that step with them;
 * - it listens to /__dev/events: the problems of the last save show in a panel over the page (gone once they are
 *   fixed), and the page reloads once a newer build is ready or the server restarted with other content.
 */
import type { DevPageState, DevPreview, DevStatusEvent } from './status.ts';

export const OVERLAY_HEADING = 'The last save has problems; the page shows the last good build';
const STATE_ELEMENT_ID = 'fundflow-dev';
const EVENTS_URL = '/__dev/events';
const OVERLAY_CLASS = 'fundflow-dev-overlay';

export interface StatusSource {
  addEventListener(type: 'status', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface DevClientEnvironment {
  document: Document;
  storage: Pick<Storage, 'setItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
  location: Pick<Location, 'search' | 'hash' | 'reload'>;
  connect(url: string): StatusSource;
}

function browserEnvironment(): DevClientEnvironment {
  return {
    document,
    storage: window.localStorage,
    history: window.history,
    location: window.location,
    connect: (url) => new EventSource(url),
  };
}

/** The state the server wrote into the page, if any. */
export function readPageState(document: Document): DevPageState | undefined {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (text === undefined || text === null) return undefined;
  try {
    return JSON.parse(text) as DevPageState;
  } catch {
    return undefined;
  }
}

/** Stores the preview's answers and shows the step's real path, before the page's router reads it. */
export function applyPreview(
  preview: DevPreview,
  environment: Pick<DevClientEnvironment, 'storage' | 'history' | 'location'>,
): void {
  environment.storage.setItem(preview.storageKey, preview.record);
  const { search, hash } = environment.location;
  environment.history.replaceState(environment.history.state, '', preview.path + search + hash);
}

/** "flows/a.json /steps/x: message" as its place and its message; a line of another shape is all message. */
function splitProblem(line: string): { place: string; message: string } {
  const match = /^(\S+(?: \/\S*)?): ([\s\S]*)$/.exec(line);
  return match === null ? { place: '', message: line } : { place: match[1]!, message: match[2]! };
}

function element<K extends keyof HTMLElementTagNameMap>(document: Document, tag: K, className: string, text?: string) {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** The panel listing the problems; built from elements and styled by /__dev/client.css, so no inline style is needed. */
function overlay(document: Document, problems: readonly string[], dismiss: () => void): HTMLElement {
  const panel = element(document, 'section', OVERLAY_CLASS);
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'false');
  panel.setAttribute('aria-labelledby', `${OVERLAY_CLASS}-heading`);
  const heading = element(document, 'h2', `${OVERLAY_CLASS}__heading`, OVERLAY_HEADING);
  heading.id = `${OVERLAY_CLASS}-heading`;
  const how = element(
    document,
    'p',
    `${OVERLAY_CLASS}__how`,
    'Fix each line in the file it names and save: this panel goes away by itself and the page reloads with your ' +
      'change. npm run flows:check prints the same list.',
  );
  const list = element(document, 'ul', `${OVERLAY_CLASS}__problems`);
  list.setAttribute('aria-label', problems.length === 1 ? '1 problem' : `${problems.length} problems`);
  for (const line of problems) {
    const { place, message } = splitProblem(line);
    const item = element(document, 'li', `${OVERLAY_CLASS}__problem`);
    if (place !== '') item.append(element(document, 'code', `${OVERLAY_CLASS}__place`, place), ': ');
    item.append(message);
    list.append(item);
  }
  const close = element(document, 'button', `${OVERLAY_CLASS}__dismiss`, 'Dismiss');
  close.type = 'button';
  close.addEventListener('click', dismiss);
  panel.append(heading, how, list, close);
  return panel;
}

export interface DevClient {
  stop(): void;
}

export function startDevClient(environment: DevClientEnvironment = browserEnvironment()): DevClient {
  const { document } = environment;
  const state = readPageState(document);
  if (state?.preview !== undefined) applyPreview(state.preview, environment);

  let baseline: Pick<DevStatusEvent, 'build' | 'content'> | undefined = state;
  let shown: HTMLElement | undefined;
  let dismissed: string | undefined;
  let reloading = false;

  const remove = () => {
    shown?.remove();
    shown = undefined;
  };

  const show = (problems: readonly string[]) => {
    const key = problems.join('\n');
    if (problems.length === 0) {
      dismissed = undefined;
      remove();
      return;
    }
    if (key === dismissed) return;
    remove();
    shown = overlay(document, problems, () => {
      dismissed = key;
      remove();
    });
    document.body.append(shown);
  };

  const source = environment.connect(EVENTS_URL);
  source.addEventListener('status', (event) => {
    if (reloading) return;
    let status: DevStatusEvent;
    try {
      status = JSON.parse(event.data) as DevStatusEvent;
    } catch {
      return;
    }
    baseline ??= status;
    if (status.build !== baseline.build || status.content !== baseline.content) {
      // A newer build is written (or the server restarted with other content): the page loads it.
      reloading = true;
      source.close();
      environment.location.reload();
      return;
    }
    show(Array.isArray(status.problems) ? status.problems : []);
  });

  return {
    stop() {
      source.close();
      remove();
    },
  };
}

// Started when the browser loads it from the development server; a test imports it and starts it itself.
if (typeof window !== 'undefined' && new URL(import.meta.url).pathname === '/__dev/client.js') startDevClient();
