/**
 * on_delete of stored foreign keys against the model's, a fact wanted for each.
 */
import { describe, expect, it } from 'vitest';
import { field, model, resource, subject } from './fixtures.ts';
import { compareOnDelete } from './onDelete.ts';

describe('compareOnDelete', () => {
  it('compares stored foreign keys with the model’s on_delete, and wants a fact for each', () => {
    const ours = resource([
      field('group', { kind: 'fk', target: 'test.groups', nullable: true, onDelete: 'protect' }),
      field('site', { kind: 'fk', target: 'dcim.sites', onDelete: 'protect' }),
      field('parent', { kind: 'fk', target: 'test.things', nullable: true, onDelete: 'protect' }),
      field('computed', { kind: 'fk', target: 'dcim.sites', column: null }),
      field('orphan', { kind: 'fk', target: 'dcim.sites', onDelete: 'cascade' }),
    ]);
    const relation = (onDelete: string) => ({ kind: 'ForeignKey' as const, target: 'x', onDelete, declaredBy: 'test.Thing' });
    const found = compareOnDelete(subject(ours, { modelKey: 'test.Thing', model: model({ relations: { group: relation('SET_NULL'), site: relation('PROTECT'), parent: relation('RESTRICT') } }) }));
    expect(found.differences.map((d) => `${d.subject}: ${d.netbox} / ${d.ours}`)).toEqual([
      'group: SET_NULL / protect',
      'parent: RESTRICT / protect',
      'orphan: no fact (test.Thing.orphan is in neither models.md nor supplement.yaml) / cascade',
    ]);
    expect(found.compared.on_delete).toBe(4);
  });
});
