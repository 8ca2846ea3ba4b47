/**
 * The record a flow version's page keeps in the browser's storage for some answers, written by the engine's own record
 * store into storage held in memory: what the development preview and the studio's preview seed a page with, so its
 * script finds the answers exactly as if a visitor had given them.
 */
import { createRecordStore } from '../../state/record.ts';

/** A Web Storage area in memory: the engine's record store writes into it exactly what it writes in the browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The stored record of a flow version with these answers, as the page's record store writes it. */
export function storedRecord(
  storageKey: string,
  answers: Record<string, unknown>,
  now: () => number = Date.now,
): string {
  const storage = memoryStorage();
  createRecordStore(storage, now).write(storageKey, answers);
  return storage.getItem(storageKey)!;
}
