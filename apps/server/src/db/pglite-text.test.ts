import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// PGlite's protocol reader decodes text fields from a view over each message (scripts/patch-deps.mjs): every
// field of every row must still come back exactly as stored, beside its neighbours, whatever its characters.
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec('create table t (id int primary key, a text, b text, j jsonb, n int)');
});
afterAll(async () => db.close());

describe('text read from the embedded database', () => {
  it('comes back exactly, field by field and row by row', async () => {
    const texts = ['', 'plain', 'é à ç', '日本語のテキスト', 'emoji 🎉👍🏽', 'x'.repeat(10_000), 'line\nbreak\ttab "quote" \\ back'];
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: i,
      a: texts[i % texts.length],
      b: i % 5 === 0 ? null : `${texts[(i + 3) % texts.length]}#${i}`,
      j: { i, text: texts[(i + 1) % texts.length] },
      n: i * 7,
    }));
    for (const r of rows) await db.query('insert into t values ($1, $2, $3, $4, $5)', [r.id, r.a, r.b, JSON.stringify(r.j), r.n]);
    const read = await db.query<(typeof rows)[number]>('select id, a, b, j, n from t order by id');
    expect(read.rows).toEqual(rows);
    // A second read of the same rows (the reader's buffer reused) gives the same answer.
    expect((await db.query('select a from t where id = 5')).rows).toEqual([{ a: texts[5] }]);
  });
});
