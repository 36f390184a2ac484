import type { Knex } from 'knex';
import { createKnex } from '../infra/db/knex.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { EntityFold, unnested } from './batchWrite.js';

/** The texts a free-text field may hold (every one a schema accepts), and numbers at their limits. */
const TEXTS = ['', ' ', 'a b', 'x,y', '{a}', '"quoted"', 'back\\slash', '\\"', 'null', 'NULL', 'Null', 'line\nbreak', 'tab\there', 'è à ù', '😀', "it's", '  spaced  ', ',', '}'];

let db: TestDatabase;
let knex: Knex;
beforeAll(async () => {
  db = await createTestDatabase();
  knex = createKnex(db.url, { max: 1 });
});
afterAll(async () => {
  await knex.destroy();
  await db.drop();
});

describe('batch columns written as array literals', () => {
  it('gives back every text, number, flag, NULL and JSON value as it was', async () => {
    const rows = TEXTS.map((t, i) => ({ id: i, t, n: i === 0 ? Number.MAX_SAFE_INTEGER : -i / 3, b: i % 2 === 0, j: { t, list: [t, i] }, missing: i % 3 === 0 ? null : t }));
    const columns = { id: 'int', t: 'text', n: 'double precision', b: 'boolean', j: 'jsonb', missing: 'text' };
    const from = unnested(columns, rows);
    for (const binding of from.bindings) expect(typeof binding).toBe('string');
    const back = await knex.raw<{ rows: Array<Record<string, unknown>> }>(`select * from ${from.sql} order by id`, from.bindings);
    expect(back.rows).toEqual(rows);
  });
});

describe('a batch of adds and changes folded per row (EntityFold)', () => {
  const columns = { id: 'int', name: 'text', size: 'int' };
  const table = 'fold_rows';
  beforeEach(async () => {
    await knex.raw('drop table if exists fold_rows; create table fold_rows (id int primary key, name text not null, size int)');
    // Rows 1, 2 and 3 exist before the batch.
    await knex(table).insert([
      { id: 1, name: 'one', size: 1 },
      { id: 2, name: 'two', size: 2 },
      { id: 3, name: 'three', size: 3 },
    ]);
  });

  async function rows(): Promise<Array<{ id: number; name: string; size: number }>> {
    return knex(table).select('id', 'name', 'size').orderBy('id');
  }

  it('ends as the events applied one at a time, without defaults', async () => {
    await knex.transaction(async (trx) => {
      const fold = new EntityFold<number>('id', columns);
      fold.add(1, { name: 'uno' }); // an add merges into an existing row
      fold.change(1, { size: 10 });
      fold.change(2, { size: 20 }); // a change, then an add, of an existing row: both count
      fold.add(2, { name: 'due' });
      fold.change(4, { size: 40 }); // a change before the add of a new row finds no row
      fold.add(4, { name: 'four', size: 4 });
      fold.change(4, { name: 'quattro' });
      fold.add(5, { name: 'five', size: 5 });
      fold.change(6, { size: 60 }); // a change of a row that never comes: nothing
      fold.change(3, { name: 'tre' });
      await fold.write(trx, table);
    });
    expect(await rows()).toEqual([
      { id: 1, name: 'uno', size: 10 },
      { id: 2, name: 'due', size: 20 },
      { id: 3, name: 'tre', size: 3 },
      { id: 4, name: 'quattro', size: 4 },
      { id: 5, name: 'five', size: 5 },
    ]);
  });

  it('gives a new row the defaults, and leaves an existing row its own values where the add gives none', async () => {
    await knex.transaction(async (trx) => {
      const fold = new EntityFold<number>('id', columns, { size: 99 });
      fold.add(1, { name: 'uno' });
      fold.add(7, { name: 'seven' });
      fold.add(8, { name: 'eight', size: 8 });
      await fold.write(trx, table);
    });
    expect(await rows()).toEqual([
      { id: 1, name: 'uno', size: 1 },
      { id: 2, name: 'two', size: 2 },
      { id: 3, name: 'three', size: 3 },
      { id: 7, name: 'seven', size: 99 },
      { id: 8, name: 'eight', size: 8 },
    ]);
  });
});
