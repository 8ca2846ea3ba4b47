/** How the embedded database is started: durable commits, its settings, its new data folder, its memory. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, openPglite, type PgliteDatabase } from '../../../../server/platform/db/index.ts';
import { PROJECT_ROOT } from '../../../../server/platform/paths.ts';
import { tempDir } from '../../../support/server-harness.ts';

describe('the embedded database', () => {
  const dir = tempDir('fundflow-pglite-');
  let syncs = 0;
  let db: PgliteDatabase;

  beforeAll(async () => {
    db = await openPglite(dir.path, { sync: () => syncs++ });
    await db.exec('create table notes (id serial primary key, body text not null)');
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    dir.remove();
  });

  it('runs with fsync on, through fsync(), and small buffers', async () => {
    const show = async (name: string) => Object.values((await db.query(`show ${name}`)).rows[0]!)[0];
    expect(await show('fsync')).toBe('on');
    expect(await show('wal_sync_method')).toBe('fsync');
    expect(await show('shared_buffers')).toBe('16MB');
    expect(await show('maintenance_work_mem')).toBe('16MB');
  });

  it('has a commit synced to disk before it returns', async () => {
    await db.query('select count(*) from notes');
    const before = syncs;
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['kept']);
      expect(syncs).toBe(before);
    });
    expect(syncs).toBeGreaterThan(before);
  });
});

describe('a new embedded data folder', () => {
  it('is created complete: a half-made one from a crash is replaced', async () => {
    const dir = tempDir('fundflow-pglite-');
    const leftover = join(dir.path, 'pgdata.new');
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'PG_VERSION'), '18\n');
    const db = await openPglite(dir.path);
    try {
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(existsSync(join(dir.path, 'pgdata', 'PG_VERSION'))).toBe(true);
      expect(existsSync(leftover)).toBe(false);
    } finally {
      await db.close();
      dir.remove();
    }
  }, 60_000);

  it('is never made over files that are not a database', async () => {
    const dir = tempDir('fundflow-pglite-');
    mkdirSync(join(dir.path, 'pgdata'));
    writeFileSync(join(dir.path, 'pgdata', 'notes.txt'), 'not a database');
    const opening = openPglite(dir.path);
    await expect(opening).rejects.toThrow(DatabaseOpenError);
    await expect(opening).rejects.toThrow(/pgdata holds files but no database; move it away/);
    expect(existsSync(join(dir.path, 'pgdata.new'))).toBe(false);
    dir.remove();
  }, 60_000);
});

describe.runIf(process.platform === 'linux')('the embedded database in a process of its own', () => {
  // Creating the folder and enough statements for V8 to recompile postgres's parser, were it allowed to: either one
  // took the process past 600 MB.
  const script = `
    import { readFileSync } from 'node:fs';
    const { openPglite } = await import(${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'server/platform/db/pglite.ts')).href)});
    const db = await openPglite(process.argv[1]);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 10000; i++) {
        await tx.query('select $1::int + 1 as n, upper($2) as word from (values (1), (2)) as v(x) where x > 0', [i, 'lead']);
      }
    });
    await db.close();
    process.stdout.write(/^VmHWM:\\s+(\\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  `;

  it('peaks under 300 MB of memory, from a new data folder through ten thousand statements', () => {
    const dir = tempDir('fundflow-pglite-');
    try {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir.path], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(Number(run.stdout) * 1024).toBeLessThan(300_000_000);
    } finally {
      dir.remove();
    }
  }, 120_000);
});
