/**
 * A model's facts with its bases folded in as Django folds them, and the supplement's facts added
 * to models.md's without contradicting them.
 */
import { describe, expect, it } from 'vitest';
import { resolveModel } from './modelFacts.ts';
import { readSupplement, withSupplement } from './supplement.ts';
import type { Extract } from './types.ts';

const models: Extract['models'] = {
  'dcim.Interface': { bases: ['ModularComponentModel', 'BaseInterface', 'models.Model'], relations: { lag: { kind: 'ForeignKey', target: 'self', onDelete: 'SET_NULL', null: true } }, unique: [], rules: [{ hook: 'clean', field: 'parent', message: 'own' }] },
  'dcim.ModularComponentModel': { abstract: true, bases: ['ComponentModel'], relations: { module: { kind: 'ForeignKey', target: 'dcim.Module', onDelete: 'CASCADE', null: true } }, unique: [], rules: [] },
  'dcim.ComponentModel': { abstract: true, bases: ['OwnerMixin'], relations: { device: { kind: 'ForeignKey', target: 'dcim.Device', onDelete: 'CASCADE' } }, unique: [{ fields: ['device', 'name'] }], rules: [{ hook: 'clean', field: 'device', message: 'base' }] },
  'dcim.BaseInterface': { abstract: true, bases: [], relations: { parent: { kind: 'ForeignKey', target: 'self', onDelete: 'RESTRICT', null: true } }, unique: [{ fields: ['never'] }], rules: [] },
  'virtualization.ComponentModel': { abstract: true, bases: [], relations: { virtual_machine: { kind: 'ForeignKey', target: 'virtualization.VirtualMachine', onDelete: 'CASCADE' } }, unique: [], rules: [] },
  'netbox.OwnerMixin': { abstract: true, bases: ['Unknown'], relations: { owner: { kind: 'ForeignKey', target: 'users.Owner', onDelete: 'PROTECT', null: true } }, unique: [], rules: [] },
};

describe('resolveModel', () => {
  it('gathers relations and messages through the bases (own app first, then netbox), and the nearest constraints', () => {
    const m = resolveModel(models, 'dcim.Interface')!;
    expect(Object.fromEntries(Object.entries(m.relations).map(([name, r]) => [name, `${r.onDelete} from ${r.declaredBy}`]))).toEqual({
      lag: 'SET_NULL from dcim.Interface',
      module: 'CASCADE from dcim.ModularComponentModel',
      device: 'CASCADE from dcim.ComponentModel',
      owner: 'PROTECT from netbox.OwnerMixin',
      parent: 'RESTRICT from dcim.BaseInterface',
    });
    expect(m.unique).toEqual([{ fields: ['device', 'name'] }]);
    expect(m.rules.map((r) => r.message)).toEqual(['own', 'base']);
    expect(m.unknownBases).toEqual(['Unknown']);
    expect(resolveModel(models, 'dcim.Nothing')).toBeUndefined();
  });
});

describe('withSupplement', () => {
  it('adds classes and relations models.md lacks, and refuses to restate one it has', () => {
    const merged = withSupplement(models, { models: { 'netbox.PrimaryModel': { bases: ['OwnerMixin'] }, 'dcim.Interface': { relations: { tree: { kind: 'TreeForeignKey', target: 'self', onDelete: 'CASCADE', nullable: true } } } } });
    expect(merged['netbox.PrimaryModel']).toEqual({ bases: ['OwnerMixin'], relations: {}, unique: [], rules: [] });
    expect(merged['dcim.Interface']!.relations.tree).toEqual({ kind: 'TreeForeignKey', target: 'dcim.Interface', onDelete: 'CASCADE', null: true });
    expect(models['dcim.Interface']!.relations.tree).toBeUndefined();
    expect(() => withSupplement(models, { models: { 'dcim.Interface': { relations: { lag: { kind: 'ForeignKey', target: 'self', onDelete: 'CASCADE' } } } } })).toThrow('dcim.Interface.lag is in models.md already');
    expect(() => withSupplement(models, { models: { 'dcim.Interface': { bases: ['X'] } } })).toThrow('dcim.Interface has bases in models.md already');
  });

  it('reads the repository’s supplement', () => {
    expect(readSupplement().models['netbox.NestedGroupModel']?.relations?.parent).toEqual({ kind: 'TreeForeignKey', target: 'self', onDelete: 'CASCADE', nullable: true });
  });
});
