/**
 * The form record: one JSON object of answers per flow version in localStorage, with a sliding expiry.
 * Every save moves `expire_time` seven days ahead; a record read after that time is removed and treated as absent.
 */
export type FormRecord = Record<string, unknown>;

export const RECORD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface RecordStore {
  read(key: string): FormRecord | null;
  write(key: string, record: FormRecord): FormRecord;
  clear(key: string): void;
}

/** A record store over a Web Storage area; `now` is injectable so expiry can be tested with a fake clock. */
export function createRecordStore(storage: Storage, now: () => number = Date.now): RecordStore {
  return {
    read(key) {
      const raw = storage.getItem(key);
      if (raw === null) return null;
      const record = parse(raw);
      if (record === null || typeof record.expire_time !== 'number' || record.expire_time <= now()) {
        storage.removeItem(key);
        return null;
      }
      return record;
    },
    write(key, record) {
      const saved = { ...record, expire_time: now() + RECORD_LIFETIME_MS };
      storage.setItem(key, JSON.stringify(saved));
      return saved;
    },
    clear(key) {
      storage.removeItem(key);
    },
  };
}

function parse(raw: string): FormRecord | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FormRecord) : null;
  } catch {
    return null;
  }
}
