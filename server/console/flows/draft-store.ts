/**
 * Drafts in the database (flow_drafts, docs/decisions/110-flow-studio-storage.md): an overlay of its base being
 * edited, saved whole on each change. Every save names the revision it was made from and counts one more; a save made
 * from an older revision changes nothing, so a second editor is told rather than overwriting the first.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db/types.ts';
import type { GivenTranslation } from '../../../engine/language/version-translation.ts';
import type { JsonObject } from './overlays.ts';

/** The translations a draft was given: by language code, then by JSON pointer into its resolved flow. */
export type DraftTranslations = Record<string, Record<string, GivenTranslation>>;

export interface StoredDraft {
  id: string;
  base: string;
  overlay: JsonObject;
  translations: DraftTranslations;
  revision: number;
  createdBy: string;
  updatedBy: string;
  updatedAt: Date;
}

interface DraftRow {
  id: string;
  base: string;
  overlay: JsonObject;
  translations: DraftTranslations;
  revision: number;
  created_by: string;
  updated_by: string;
  updated_at: Date | string;
}

const COLUMNS = 'id, base, overlay, translations, revision, created_by, updated_by, updated_at';

/** A draft id is a UUID: anything else names no draft (and is never sent to the database). */
const DRAFT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function draftOf(row: DraftRow): StoredDraft {
  return {
    id: row.id,
    base: row.base,
    overlay: row.overlay,
    translations: row.translations,
    revision: row.revision,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    updatedAt: new Date(row.updated_at),
  };
}

export async function createDraft(
  db: Queryable,
  draft: { base: string; overlay: JsonObject; by: string; at: Date },
): Promise<StoredDraft> {
  const { rows } = await db.query<DraftRow>(
    `insert into flow_drafts (id, base, overlay, created_by, updated_by, created_at, updated_at)
     values ($1, $2, $3, $4, $4, $5, $5) returning ${COLUMNS}`,
    [randomUUID(), draft.base, JSON.stringify(draft.overlay), draft.by, draft.at],
  );
  return draftOf(rows[0]!);
}

/** `lock`: inside a transaction, holds the row until it ends (a publish of it waits for another one to finish). */
export async function findDraft(db: Queryable, id: string, { lock = false } = {}): Promise<StoredDraft | undefined> {
  if (!DRAFT_ID.test(id)) return undefined;
  const { rows } = await db.query<DraftRow>(
    `select ${COLUMNS} from flow_drafts where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] === undefined ? undefined : draftOf(rows[0]);
}

/** Every draft, the last changed first. */
export async function listDrafts(db: Queryable): Promise<StoredDraft[]> {
  const { rows } = await db.query<DraftRow>(`select ${COLUMNS} from flow_drafts order by updated_at desc, id`);
  return rows.map(draftOf);
}

/**
 * Saves the overlay if the draft is still at `revision`: the draft saved, or 'stale' with the draft as it is now, or
 * undefined when there is no such draft.
 */
export async function saveDraft(
  db: Queryable,
  id: string,
  save: { overlay: JsonObject; revision: number; by: string; at: Date },
): Promise<{ saved: StoredDraft } | { stale: StoredDraft } | undefined> {
  if (!DRAFT_ID.test(id)) return undefined;
  const { rows } = await db.query<DraftRow>(
    `update flow_drafts set overlay = $3, revision = revision + 1, updated_by = $4, updated_at = $5
      where id = $1 and revision = $2 returning ${COLUMNS}`,
    [id, save.revision, JSON.stringify(save.overlay), save.by, save.at],
  );
  if (rows[0] !== undefined) return { saved: draftOf(rows[0]) };
  const current = await findDraft(db, id);
  return current === undefined ? undefined : { stale: current };
}

/** Whether there was such a draft. */
export async function deleteDraft(db: Queryable, id: string): Promise<boolean> {
  if (!DRAFT_ID.test(id)) return false;
  const { rowCount } = await db.query('delete from flow_drafts where id = $1', [id]);
  return rowCount === 1;
}

/**
 * Saves one language's translations if the draft is still at `revision`, as saveDraft does the overlay: the draft
 * saved, or 'stale' with the draft as it is now, or undefined when there is no such draft.
 */
export async function saveTranslations(
  db: Queryable,
  id: string,
  save: { language: string; texts: Record<string, GivenTranslation>; revision: number; by: string; at: Date },
): Promise<{ saved: StoredDraft } | { stale: StoredDraft } | undefined> {
  const current = await findDraft(db, id);
  if (current === undefined) return undefined;
  const translations = { ...current.translations, [save.language]: save.texts };
  const { rows } = await db.query<DraftRow>(
    `update flow_drafts set translations = $3, revision = revision + 1, updated_by = $4, updated_at = $5
      where id = $1 and revision = $2 returning ${COLUMNS}`,
    [id, save.revision, JSON.stringify(translations), save.by, save.at],
  );
  if (rows[0] !== undefined) return { saved: draftOf(rows[0]) };
  const now = await findDraft(db, id);
  return now === undefined ? undefined : { stale: now };
}
