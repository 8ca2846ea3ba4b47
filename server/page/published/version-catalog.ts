/**
 * The published versions as this server knows them: read from flow_versions (and the studio's split weights from
 * flow_split_weights) every second, so a publish, a retirement or a weight change made on any server sharing the
 * database reaches this one within about two seconds, with no restart. A version's row never changes after its one
 * insert apart from its retirement, so only new names are read whole.
 */
import type { Flow } from '../../../engine/flow/definition.ts';
import type { Queryable } from '../../platform/db/types.ts';
import type { CompiledVersion } from './compile-version.ts';

export interface PublishedVersion {
  name: string;
  base: string;
  overlay: Record<string, unknown>;
  flow: Flow;
  publishedBy: string;
  publishedAt: Date;
  retiredAt: Date | null;
  /** The other languages it was published in (codes), each with every text translated. */
  languages: readonly string[];
}

/** A published version in one of its other languages: its flow with the words in it (basePath as in English). */
export interface VersionInLanguage {
  flow: Flow;
  compiled: CompiledVersion;
}

export interface VersionCatalog {
  /** As last polled, retired included, oldest first. */
  published(): readonly PublishedVersion[];
  get(name: string): PublishedVersion | undefined;
  /** The version's validators scripts, as published. */
  compiled(name: string): CompiledVersion | undefined;
  /** The version in another language it was published in. */
  inLanguage(name: string, language: string): VersionInLanguage | undefined;
  /** The studio's weights of '/' by version (live versions only); undefined while none is set. */
  splitWeights(): ReadonlyMap<string, number> | undefined;
  /** Polls now (tests; the publishing server right after a publish); the first call starts the polling. */
  refresh(): Promise<void>;
  /** Told after a poll that changed something: a version published, retired or gone, or the weights. */
  onChange(listener: () => void): void;
  close(): void;
}

export interface CatalogOptions {
  /** Between polls; default 1000. */
  pollMs?: number;
  /** A poll that failed (the next one tries again). */
  onError?: (error: unknown) => void;
}

interface Known {
  version: PublishedVersion;
  compiled: CompiledVersion;
  languages: ReadonlyMap<string, VersionInLanguage>;
}

interface CompiledRow {
  start_validators: string;
  later_validators: string;
  later_validators_hash: string;
}

const compiledOf = (row: CompiledRow): CompiledVersion => ({
  startValidators: row.start_validators,
  laterValidators: row.later_validators,
  laterValidatorsHash: row.later_validators_hash,
});

interface LanguageRow extends CompiledRow {
  name: string;
  language: string;
  flow: Flow;
}

interface VersionRow extends CompiledRow {
  name: string;
  base: string;
  overlay: Record<string, unknown>;
  flow: Flow;
  published_by: string;
  published_at: Date;
  retired_at: Date | null;
}

const sameTime = (a: Date | null, b: Date | null) =>
  a === null ? b === null : b !== null && a.getTime() === b.getTime();

export function createVersionCatalog(db: Queryable, options: CatalogOptions = {}): VersionCatalog {
  const pollMs = options.pollMs ?? 1000;
  let known = new Map<string, Known>();
  let ordered: readonly PublishedVersion[] = [];
  let weights: ReadonlyMap<string, number> | undefined;
  const listeners: (() => void)[] = [];
  let polling: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let started = false;

  async function poll(): Promise<boolean> {
    const states = await versionStates(db);
    if (states === undefined) return false;
    const unknown = states.filter(({ name }) => !known.has(name)).map(({ name }) => name);
    const { rows: added } =
      unknown.length === 0
        ? { rows: [] }
        : await db.query<VersionRow>(
            `select name, base, overlay, flow, start_validators, later_validators, later_validators_hash,
                    published_by, published_at, retired_at
               from flow_versions where name = any($1::text[])`,
            [unknown],
          );
    const { rows: translated } =
      added.length === 0
        ? { rows: [] }
        : await db.query<LanguageRow>(
            `select name, language, flow, start_validators, later_validators, later_validators_hash
               from flow_version_languages where name = any($1::text[]) order by name, language`,
            [added.map(({ name }) => name)],
          );
    const next = new Map<string, Known>();
    let changed = states.length !== known.size || added.length > 0;
    for (const { name, retired_at } of states) {
      const before = known.get(name);
      if (before === undefined) continue;
      if (!sameTime(before.version.retiredAt, retired_at)) changed = true;
      next.set(name, { ...before, version: { ...before.version, retiredAt: retired_at } });
    }
    for (const row of added) {
      const languages = new Map(
        translated
          .filter(({ name }) => name === row.name)
          .map((each) => [each.language, { flow: each.flow, compiled: compiledOf(each) }] as const),
      );
      next.set(row.name, {
        version: {
          name: row.name,
          base: row.base,
          overlay: row.overlay,
          flow: row.flow,
          publishedBy: row.published_by,
          publishedAt: row.published_at,
          retiredAt: row.retired_at,
          languages: [...languages.keys()],
        },
        compiled: compiledOf(row),
        languages,
      });
    }
    const { rows: weightRows } = await db.query<{ version: string; weight: number }>(
      'select version, weight from flow_split_weights order by version',
    );
    const nextWeights = weightRows.length === 0 ? undefined : new Map(weightRows.map((r) => [r.version, r.weight]));
    if (!sameWeights(weights, nextWeights)) changed = true;
    known = next;
    weights = nextWeights;
    ordered = [...next.values()]
      .map(({ version }) => version)
      .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime() || a.name.localeCompare(b.name));
    return changed;
  }

  async function refresh(): Promise<void> {
    // One poll at a time: a refresh asked for during one waits for it, then polls again to see what came after.
    while (polling !== undefined) await polling.catch(() => undefined);
    polling = poll().then((changed) => {
      if (changed) for (const listener of listeners) listener();
    });
    try {
      await polling;
    } finally {
      polling = undefined;
      // Polling starts with the first refresh: the app makes it once the migrations have made the tables.
      if (!started) {
        started = true;
        schedule();
      }
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      refresh()
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, pollMs);
    // The poll never keeps a process alive on its own.
    timer.unref();
  }

  return {
    published: () => ordered,
    get: (name) => known.get(name)?.version,
    compiled: (name) => known.get(name)?.compiled,
    inLanguage: (name, language) => known.get(name)?.languages.get(language),
    splitWeights: () => weights,
    refresh,
    onChange: (listener) => void listeners.push(listener),
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/** PostgreSQL's code for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * Each version's name and retirement; undefined on a database the migrations have not reached yet (an app built
 * before server/index.ts migrates, or a test's database without the studio's tables), which has no version.
 */
async function versionStates(db: Queryable): Promise<{ name: string; retired_at: Date | null }[] | undefined> {
  try {
    return (await db.query<{ name: string; retired_at: Date | null }>('select name, retired_at from flow_versions'))
      .rows;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return undefined;
    throw error;
  }
}

function sameWeights(a: ReadonlyMap<string, number> | undefined, b: ReadonlyMap<string, number> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.size === b.size && [...a].every(([version, weight]) => b.get(version) === weight);
}
