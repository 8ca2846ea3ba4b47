/** The form record of each flow version as a jotai atom persisted through the record store. */
import { atom, type WritableAtom } from 'jotai';
import { createRecordStore, type FormRecord, type RecordStore } from './record.ts';

export type RecordUpdate = FormRecord | null | ((previous: FormRecord | null) => FormRecord | null);
export type RecordAtom = WritableAtom<FormRecord | null, [RecordUpdate], void>;

/**
 * One atom per storage key. The value is read from storage when the atom is first used (so the first render already
 * shows restored answers) and every write goes straight back to storage, extending the record's life.
 */
export function createRecordAtoms(store: RecordStore = createRecordStore(window.localStorage)) {
  const atoms = new Map<string, RecordAtom>();
  return (storageKey: string): RecordAtom => {
    let recordAtom = atoms.get(storageKey);
    if (!recordAtom) {
      const value = atom<FormRecord | null>(store.read(storageKey));
      recordAtom = atom(
        (get) => get(value),
        (get, set, update: RecordUpdate) => {
          const next = typeof update === 'function' ? update(get(value)) : update;
          if (next === null) store.clear(storageKey);
          else store.write(storageKey, next);
          set(value, next);
        },
      );
      atoms.set(storageKey, recordAtom);
    }
    return recordAtom;
  };
}
