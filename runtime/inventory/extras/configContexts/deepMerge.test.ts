/**
 * NetBox's deepmerge: the TypeScript reference (deepMerge.ts) on NetBox's own cases, and the SQL
 * aggregate the page statement uses (migration 0025) giving the same result for random contexts,
 * on both databases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedTestDatabase } from '../../../testing/database.ts';
import { testDatabases } from '../../../testing/database.ts';
import { configContext, deepMerge } from './deepMerge.ts';

describe('deepMerge', () => {
  it('merges nested objects and replaces everything else', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3, e: 4 }, d: [2] })).toEqual({ a: { b: 1, c: 3, e: 4 }, d: [2] });
    // An object replaces a scalar and a scalar an object.
    expect(deepMerge({ a: 1, b: { c: 1 } }, { a: { x: 1 }, b: 'flat' })).toEqual({ a: { x: 1 }, b: 'flat' });
    // An empty object is falsy in Python: it replaces instead of merging.
    expect(deepMerge({ a: { b: 1 } }, { a: {} })).toEqual({ a: {} });
    expect(deepMerge({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
  });

  it('leaves its inputs unchanged', () => {
    const original = { a: { b: 1 } };
    deepMerge(original, { a: { c: 2 } });
    expect(original).toEqual({ a: { b: 1 } });
  });

  it('merges contexts in order, then local data unless it is empty', () => {
    expect(configContext([{ a: 1, n: { x: 1 } }, { a: 2, n: { y: 2 } }], { n: { x: 9 } })).toEqual({ a: 2, n: { x: 9, y: 2 } });
    expect(configContext([{ a: { b: 1 } }], {})).toEqual({ a: { b: 1 } });
    expect(configContext([], null)).toEqual({});
  });
});

const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));
const key = fc.constantFrom('a', 'b', 'c', 'd');
const jsonObject = fc.letrec<{ object: Record<string, unknown> }>((tie) => ({
  object: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('object')), { maxKeys: 3 }),
})).object;

describe.each(testDatabases())('netbox_deepmerge_agg on $name', (database) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await database.open();
  }, 120_000);
  afterAll(async () => opened?.drop(), 60_000);

  it('merges as NetBox does, contexts in order and the local data last', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(jsonObject, { maxLength: 4 }), jsonObject, async (contexts, local) => {
        const [row] = await opened.db.query<{ merged: unknown }>(
          `SELECT netbox_deepmerge((SELECT netbox_deepmerge_agg(d.data ORDER BY d.n) FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS d(data, n)), $2::text::jsonb) AS merged`,
          [JSON.stringify(contexts), JSON.stringify(local)],
        );
        expect(row!.merged).toEqual(configContext(contexts, local));
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
