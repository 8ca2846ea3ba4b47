/**
 * Puts a record into a running Chromium's localStorage for an origin over the DevTools protocol, before Lighthouse
 * loads a page of that origin with `disableStorageReset`. The record is written from the server's health answer (a
 * JSON document of the same origin), so no page script runs, no asset is cached and no service worker is installed.
 */
import type { StoredRecord } from './stored-record.ts';

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/** A one-page DevTools session: send a command, get its result. */
async function connect(webSocketUrl: string) {
  const socket = new WebSocket(webSocketUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not connect to the browser')), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (waiter === undefined) return;
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve, reject) =>
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
      );
    },
    close: () => socket.close(),
  };
}

async function evaluate<T>(session: Awaited<ReturnType<typeof connect>>, expression: string): Promise<T> {
  const answer = await session.send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
    expression,
    returnByValue: true,
  });
  if (answer.exceptionDetails) throw new Error(`in the browser: ${answer.exceptionDetails.text}`);
  return answer.result.value;
}

export async function seedLocalStorage(debuggingPort: number, origin: string, record: StoredRecord): Promise<void> {
  const devtools = `http://127.0.0.1:${debuggingPort}`;
  const seedUrl = new URL('/api/v1/health', origin).href;
  const created = await fetch(`${devtools}/json/new?${seedUrl}`, { method: 'PUT' });
  if (!created.ok) throw new Error(`the browser did not open a tab (HTTP ${created.status})`);
  const target = (await created.json()) as Target;
  const session = await connect(target.webSocketDebuggerUrl);
  try {
    const deadline = Date.now() + 15_000;
    const loaded = `${new URL(origin).origin} complete`;
    // Until the tab has a document, evaluating fails ("Cannot find default execution context"): keep asking.
    const state = () =>
      evaluate<string>(session, 'location.origin + " " + document.readyState').catch((error: Error) => error.message);
    let last = '';
    while ((last = await state()) !== loaded) {
      if (Date.now() > deadline) throw new Error(`the browser did not load ${seedUrl} (${last})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stored = await evaluate<string | null>(
      session,
      `localStorage.setItem(${JSON.stringify(record.key)}, ${JSON.stringify(record.value)}), localStorage.getItem(${JSON.stringify(record.key)})`,
    );
    if (stored !== record.value) throw new Error('localStorage did not keep the record');
  } finally {
    session.close();
    await fetch(`${devtools}/json/close/${target.id}`).catch(() => undefined);
  }
}
