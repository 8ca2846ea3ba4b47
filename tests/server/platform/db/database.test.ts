/** The database behind the one interface, on PGlite and (when DATABASE_URL is set) on PostgreSQL. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import { DataDirInUseError, migrate, MigrationError, openPglite } from '../../../../server/platform/db/index.ts';
import { LOCK_FILE_NAME } from '../../../../server/platform/db/lock.ts';
import { MIGRATIONS_DIR } from '../../../../server/platform/paths.ts';
import { DATABASES, tempDir, testConfig, writeFlows, type TestDatabase } from '../../../support/server-harness.ts';

describe.each(DATABASES)('$name', ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  }, 60_000);
  afterAll(() => database?.cleanup());

  it('runs queries with parameters and returns the same types', async () => {
    const { rows, rowCount } = await database.db.query<{
      n: number;
      big: number;
      text: string;
      at: Date;
      doc: unknown;
    }>(
      `select $1::int as n, count(*) as big, $2::text as text, now() as at, '{"a":[1]}'::jsonb as doc
         from (values (1), (2)) as v(x)`,
      [7, 'hello'],
    );
    expect(rowCount).toBe(1);
    expect(rows[0]).toMatchObject({ n: 7, big: 2, text: 'hello', doc: { a: [1] } });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    const { db } = database;
    await db.exec('create table tx_check (id int primary key); create table tx_other (id int)');
    await db.transaction(async (tx) => {
      await tx.query('insert into tx_check values ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_check values ($1)', [2]);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.query('select id from tx_check order by id')).rows).toEqual([{ id: 1 }]);
    const updated = await db.query('update tx_check set id = id + 10');
    expect(updated.rowCount).toBe(1);
  });

  describe('migrations', () => {
    const dir = tempDir('fundflow-migrations-');
    afterAll(() => dir.remove());
    const write = (name: string, sql: string) => writeFileSync(join(dir.path, name), sql);

    it('apply in number order, each exactly once', async () => {
      const { db } = database;
      write('001-notes.sql', 'create table notes (id serial primary key, body text not null);\n');
      write(
        '002-first-note.sql',
        "insert into notes (body) values ('first');\r\ninsert into notes (body) values ('second');\r\n",
      );
      writeFileSync(join(dir.path, 'README.md'), 'not a migration');
      expect(await migrate(db, dir.path)).toEqual(['001-notes', '002-first-note']);
      expect(await migrate(db, dir.path)).toEqual([]);
      expect((await db.query('select count(*) as n from notes')).rows).toEqual([{ n: 2 }]);

      write('003-note-author.sql', 'alter table notes add column author text;');
      expect(await migrate(db, dir.path)).toEqual(['003-note-author']);
      const recorded = await db.query<{ id: string }>('select id from schema_migrations order by id');
      expect(recorded.rows.map((row) => row.id)).toEqual(['001-notes', '002-first-note', '003-note-author']);
    });

    it('refuse to run when an applied file was edited', async () => {
      write('001-notes.sql', 'create table notes (id bigserial primary key, body text not null);\n');
      await expect(migrate(database.db, dir.path)).rejects.toThrow(
        /^Migration 001-notes\.sql was changed after it was applied to this database .*Put schema changes in a new migration file/,
      );
      write('001-notes.sql', 'create table notes (id serial primary key, body text not null);\n');
    });

    it('leave the database as it was when a file fails, and name the file', async () => {
      const { db } = database;
      write('004-good.sql', 'create table tags (name text);');
      write('005-bad.sql', 'create tabel oops (id int);');
      const failure = migrate(db, dir.path);
      await expect(failure).rejects.toThrow(MigrationError);
      await expect(failure).rejects.toThrow(/^Migration 005-bad\.sql failed: syntax error/);
      const tags = await db.query("select count(*) as n from information_schema.tables where table_name = 'tags'");
      expect(tags.rows).toEqual([{ n: 0 }]);
      write('005-bad.sql', 'create table oops (id int);');
      expect(await migrate(db, dir.path)).toEqual(['004-good', '005-bad']);
    });

    it('refuse misnamed files', async () => {
      const other = tempDir('fundflow-migrations-');
      writeFileSync(join(other.path, '6-leads.sql'), 'select 1;');
      await expect(migrate(database.db, other.path)).rejects.toThrow(
        /Migration file 6-leads\.sql is misnamed: use NNN-name\.sql/,
      );
      other.remove();
    });

    it('the shipped migrations apply', async () => {
      await expect(migrate(database.db, MIGRATIONS_DIR)).resolves.toBeInstanceOf(Array);
    });
  });

  it('answers health through the app, and 503 without detail when the database is gone', async () => {
    const flows = tempDir();
    writeFlows(flows.path);
    const other = await open();
    const app = await buildApp({ config: testConfig(), db: other.db, logger: false, flowsDir: flows.path });
    try {
      const ok = await app.inject('/api/v1/health');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok', database: 'ok' });
      await other.cleanup();
      const down = await app.inject('/api/v1/health');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'error', database: 'error' });
    } finally {
      await app.close();
      flows.remove();
    }
  }, 60_000);
});

describe('the embedded database folder', () => {
  it('is locked: a second open of the same DATA_DIR is refused while the first is open', async () => {
    const dir = tempDir();
    const first = await openPglite(dir.path);
    try {
      const lock = join(dir.path, LOCK_FILE_NAME);
      expect(readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
      const second = openPglite(dir.path);
      await expect(second).rejects.toThrow(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `Another Fundflow server (process ${process.pid}) is using DATA_DIR ${dir.path}. Stop it or set another DATA_DIR`,
      );
      expect((await first.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir.path, LOCK_FILE_NAME))).toBe(false);
    const reopened = await openPglite(dir.path);
    await reopened.close();
    dir.remove();
  }, 60_000);

  it('takes over the lock of a server that is gone', async () => {
    const dir = tempDir();
    mkdirSync(dir.path, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir.path, LOCK_FILE_NAME), `${gone}\n`);
    const db = await openPglite(dir.path);
    try {
      expect(db.lock.staleFrom).toBe(gone);
      expect(readFileSync(join(dir.path, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await db.close();
      dir.remove();
    }
  }, 60_000);
});
