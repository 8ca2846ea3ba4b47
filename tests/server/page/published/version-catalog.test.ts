/**
 * The catalog of published versions as a server polls it: each version as published, oldest first, its retirement
 * seen; the studio's split weights, undefined while none is set; nothing on a database without the studio's tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVersionCatalog } from '../../../../server/page/index.ts';
import { migrate } from '../../../../server/platform/db/index.ts';
import { openTestPglite, type TestDatabase } from '../../../support/server-harness.ts';
import { publishFromV1 } from './published-fixture.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestPglite();
}, 60_000);

afterAll(() => database?.cleanup());

describe('the version catalog', () => {
  it('knows no version on a database the migrations have not reached yet', async () => {
    const catalog = createVersionCatalog(database.db);
    await catalog.refresh();
    expect(catalog.published()).toEqual([]);
    expect(catalog.splitWeights()).toBeUndefined();
    catalog.close();
  });

  it('gives the versions as published, oldest first, with their retirement, and the weights once set', async () => {
    await migrate(database.db);
    const { flow } = await publishFromV1(database.db, 'first');
    await publishFromV1(database.db, 'second');
    const catalog = createVersionCatalog(database.db, { pollMs: 60_000 });
    let changes = 0;
    catalog.onChange(() => changes++);
    await catalog.refresh();
    expect(catalog.published().map(({ name }) => name)).toEqual(['first', 'second']);
    expect(catalog.get('first')).toMatchObject({
      name: 'first',
      base: 'v1',
      flow,
      publishedBy: 'marketer@example.com',
      retiredAt: null,
    });
    expect(catalog.compiled('first')?.laterValidatorsHash).toMatch(/^[0-9a-f]{20}$/);
    expect(catalog.splitWeights()).toBeUndefined();
    expect(changes).toBe(1);

    await catalog.refresh();
    expect(changes).toBe(1);

    await database.db.query("update flow_versions set retired_at = now() where name = 'first'");
    await database.db.query(
      "insert into flow_split_weights (version, weight, changed_by) values ('second', 3, 'marketer@example.com')",
    );
    await catalog.refresh();
    expect(catalog.get('first')?.retiredAt).toBeInstanceOf(Date);
    expect(catalog.splitWeights()).toEqual(new Map([['second', 3]]));
    expect(changes).toBe(2);
    catalog.close();
  });
});
