/** The development page script: the problems panel, the reload once a newer build is ready, the preview answers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { OVERLAY_HEADING, startDevClient, type DevClient, type StatusSource } from '../../../server/dev/client.ts';
import type { DevPageState, DevStatusEvent } from '../../../server/dev/status.ts';

/** Stands in for the browser's EventSource: the test sends the status events. */
class FakeSource implements StatusSource {
  readonly url: string;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(_type: 'status', listener: (event: MessageEvent<string>) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.closed = true;
  }

  send(status: DevStatusEvent): void {
    for (const listener of this.listeners) listener(new MessageEvent('status', { data: JSON.stringify(status) }));
  }
}

const CONTENT = 'content-stamp-1';
const PROBLEMS = [
  'flows/business-funding.v2.json /steps/amount/hedaing: unknown key "hedaing" (did you mean "heading"?)',
  'site/content/faq.json /questions/0/answer: "answer" is missing',
];

let client: DevClient | undefined;
let source: FakeSource;

function pageState(state: DevPageState): void {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'fundflow-dev';
  data.textContent = JSON.stringify(state);
  document.head.append(data);
}

function start(state: DevPageState = { build: 3, content: CONTENT }) {
  pageState(state);
  const reload = vi.fn();
  client = startDevClient({
    document,
    storage: window.localStorage,
    history: window.history,
    location: { search: window.location.search, hash: window.location.hash, reload },
    connect: (url) => (source = new FakeSource(url)),
  });
  return { reload };
}

afterEach(() => {
  client?.stop();
  client = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the problems panel', () => {
  it('lists each problem of the last save under its heading, and goes away once the save is clean', () => {
    start();
    expect(source.url).toBe('/__dev/events');
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });

    const panel = screen.getByRole('dialog', { name: OVERLAY_HEADING });
    expect(within(panel).getByRole('heading', { name: OVERLAY_HEADING })).toBeTruthy();
    const items = within(within(panel).getByRole('list', { name: '2 problems' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(PROBLEMS);
    expect(within(items[0]!).getByText('flows/business-funding.v2.json /steps/amount/hedaing').tagName).toBe('CODE');

    source.send({ problems: [], build: 3, content: CONTENT });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: OVERLAY_HEADING })).toBeNull();
  });

  it('shows the new list when the problems change', () => {
    start();
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });
    source.send({ problems: [PROBLEMS[1]!], build: 3, content: CONTENT });
    const items = within(screen.getByRole('list', { name: '1 problem' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([PROBLEMS[1]]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('can be dismissed, and comes back for other problems', async () => {
    start();
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The same problems again (a reconnect) stay dismissed; another save's problems show.
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });
    expect(screen.queryByRole('dialog')).toBeNull();
    source.send({ problems: [PROBLEMS[0]!], build: 3, content: CONTENT });
    expect(screen.getByRole('dialog', { name: OVERLAY_HEADING })).toBeTruthy();
  });

  it('uses no inline style (the page’s Content-Security-Policy forbids it)', () => {
    start();
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
  });
});

describe('the reload', () => {
  it('happens once the build counter moves past the page’s build, and not before', () => {
    const { reload } = start({ build: 3, content: CONTENT });
    source.send({ problems: [], build: 3, content: CONTENT });
    source.send({ problems: PROBLEMS, build: 3, content: CONTENT });
    expect(reload).not.toHaveBeenCalled();

    source.send({ problems: [], build: 4, content: CONTENT });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
    source.send({ problems: [], build: 5, content: CONTENT });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('happens when the server restarted with other content files', () => {
    const { reload } = start({ build: 3, content: CONTENT });
    source.send({ problems: [], build: 3, content: 'content-stamp-2' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('takes the first status as the page’s build when the page carries none', () => {
    const reload = vi.fn();
    client = startDevClient({
      document,
      storage: window.localStorage,
      history: window.history,
      location: { search: '', hash: '', reload },
      connect: (url) => (source = new FakeSource(url)),
    });
    source.send({ problems: [], build: 7, content: CONTENT });
    expect(reload).not.toHaveBeenCalled();
    source.send({ problems: [], build: 8, content: CONTENT });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a preview', () => {
  it('stores the answers under the flow’s key and shows the step’s real path, keeping the query', () => {
    window.history.replaceState(null, '', '/__preview/v2/phone?utm_source=mail');
    const record = JSON.stringify({ business_name: 'Morgan Bakery', expire_time: 1 });
    start({ build: 3, content: CONTENT, preview: { storageKey: 'business-funding.v2', record, path: '/v2/phone' } });
    expect(window.localStorage.getItem('business-funding.v2')).toBe(record);
    expect(window.location.pathname).toBe('/v2/phone');
    expect(window.location.search).toBe('?utm_source=mail');
  });

  it('leaves storage and address alone on any other page', () => {
    window.history.replaceState(null, '', '/v2/amount');
    start();
    expect(window.localStorage.length).toBe(0);
    expect(window.location.pathname).toBe('/v2/amount');
  });
});
