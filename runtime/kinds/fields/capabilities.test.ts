/**
 * The facts the engine asks of every kind instead of testing its name: the cast its values are
 * compared as, its model default, whether the database keeps it, whether it is snapshotted,
 * filtered when read-only, named by its attname, and how it reads in a display string — and that
 * the relation kinds' capabilities fit together.
 */
import { describe, expect, it } from 'vitest';
import { fieldKind, fieldKinds } from './index.ts';

const having = (test: (kind: ReturnType<typeof fieldKind>) => unknown) => [...fieldKinds.values()].filter(test).map((kind) => kind.name).sort();

describe('field kind capabilities', () => {
  it('cast: relations compare ids; numbers, booleans and times their own type; the rest text', () => {
    expect(Object.fromEntries([...fieldKinds.values()].filter((k) => k.cast).map((k) => [k.name, k.cast]))).toEqual({
      fk: 'integer', m2m: 'integer', tags: 'integer', reverse: 'integer', related_list: 'integer', integer: 'integer',
      decimal: 'numeric', boolean: 'boolean', datetime: 'timestamptz', date: 'date',
    });
  });

  it("modelDefault: what NetBox's model fields default to (a fresh value each time)", () => {
    expect(having((k) => k.modelDefault?.() === '')).toEqual(['email', 'password', 'slug', 'string', 'text']);
    expect(having((k) => Array.isArray(k.modelDefault?.()))).toEqual(['integer_list', 'integer_ranges', 'ip_network_list', 'string_list']);
    expect(fieldKind('custom_fields').modelDefault!()).toEqual({});
    expect(fieldKind('string_list').modelDefault!()).not.toBe(fieldKind('string_list').modelDefault!());
    expect(fieldKind('color').modelDefault).toBeUndefined();
  });

  it('bookkeeping and secrets: never defaulted by the writer, never snapshotted', () => {
    expect(having((k) => k.computedByDatabase)).toEqual(['depth', 'id']);
    expect(having((k) => k.snapshot === false)).toEqual(['depth', 'id', 'password']);
  });

  it('filters, paths and displays', () => {
    expect(having((k) => k.filteredWhenReadOnly)).toEqual(['datetime', 'id']);
    expect(having((k) => k.djangoForeignKey)).toEqual(['fk', 'object_type']);
    expect(fieldKind('object_type').idFilter).toBe('content_type_id');
    expect(fieldKind('datetime').displayText!('x')).toContain(`to_char(x AT TIME ZONE 'UTC'`);
  });

  it('relations: a hop has a target it reaches and filter kinds; a held reference is to-one', () => {
    expect(having((k) => k.relation)).toEqual(['fk', 'generic_fk', 'm2m', 'related_list', 'reverse', 'tags']);
    for (const kind of fieldKinds.values()) {
      const relation = kind.relation;
      if (!relation) continue;
      expect(!!relation.hop, kind.name).toBe(!!relation.filterKinds);
      if (relation.hop) expect(relation.target, kind.name).not.toBe('row');
      if (relation.held) expect(relation.many, kind.name).toBe(false);
      if (relation.links) expect(relation.staged, kind.name).toBeDefined();
    }
  });
});
