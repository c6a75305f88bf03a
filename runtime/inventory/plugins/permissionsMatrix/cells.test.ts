/**
 * Cell states and inheritance (rules §2), simple and others (§3), over a fixture state.
 */
import { describe, expect, it } from 'vitest';
import { CellIndex, stateOf } from './cells.ts';
import { fixtureState } from '../../../testing/permissionsMatrix/fixtures.ts';
import { isUnconstrained } from './model.ts';

describe('constraints', () => {
  it('treats null, {}, [] and lists holding null or {} as unconstrained, as NetBox does', () => {
    for (const c of [null, undefined, {}, [], [null], [{}], [{ a: 1 }, {}]]) expect(isUnconstrained(c), JSON.stringify(c)).toBe(true);
    for (const c of [{ a: 1 }, [{ a: 1 }], [{ a: 1 }, { b: 2 }]]) expect(isUnconstrained(c), JSON.stringify(c)).toBe(false);
  });
});

describe('cell state', () => {
  const state = fixtureState({
    groups: [[1, 'noc'], [2, 'ops'], [3, 'secret']],
    users: [[10, 'alice', [1, 2, 3]], [11, 'bob', []]],
    visibleGroups: [1, 2],
    permissions: [
      { id: 1, name: 'b-granted', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
      { id: 2, name: 'a-constrained', object_types: ['dcim.site', 'dcim.rack'], actions: ['view'], constraints: { status: 'active' }, groups: [1] },
      { id: 3, name: 'disabled', object_types: ['dcim.rack', 'dcim.device'], actions: ['view', 'add'], enabled: false, groups: [1] },
      { id: 4, name: 'ops', object_types: ['dcim.rack'], actions: ['view'], groups: [2] },
      { id: 5, name: 'hidden', object_types: ['dcim.rack'], actions: ['view'], groups: [3] },
      { id: 6, name: 'alice direct', object_types: ['ipam.prefix'], actions: ['change'], constraints: [{ vrf: 1 }], users: [10] },
    ],
  });
  const cells = new CellIndex(state);
  const noc = { type: 'group' as const, id: 1 };

  it('ranks granted over constrained over disabled over none', () => {
    expect(cells.directState(noc, 'dcim.site', 'view')).toBe('granted');
    expect(cells.directState(noc, 'dcim.rack', 'view')).toBe('constrained');
    expect(cells.directState(noc, 'dcim.device', 'add')).toBe('disabled');
    expect(cells.directState(noc, 'ipam.prefix', 'view')).toBe('none');
    expect(stateOf([])).toBe('none');
  });

  it('lists every covering permission by name then id, and leaves uncovered cells out', () => {
    expect(cells.cell(noc, 'dcim.site', 'view')).toEqual({ state: 'granted', perms: [
      { id: 2, name: 'a-constrained', enabled: true, constrained: true },
      { id: 1, name: 'b-granted', enabled: true, constrained: false },
    ] });
    expect(cells.cell(noc, 'ipam.prefix', 'view')).toBeNull();
  });

  it('gives user cells the best state over their groups, naming the groups that reach it (hidden ones as the placeholder)', () => {
    const alice = { type: 'user' as const, id: 10 };
    expect(cells.cell(alice, 'dcim.rack', 'view')).toEqual({ state: 'none', perms: [], inherited: { state: 'granted', groups: ['a group you cannot view', 'ops'] } });
    expect(cells.cell(alice, 'dcim.site', 'view')!.inherited).toEqual({ state: 'granted', groups: ['noc'] });
    expect(cells.cell(alice, 'ipam.prefix', 'change')).toEqual({ state: 'constrained', perms: [{ id: 6, name: 'alice direct', enabled: true, constrained: true }], inherited: { state: 'none', groups: [] } });
    expect(cells.cell({ type: 'user', id: 11 }, 'dcim.rack', 'view')).toBeNull();
  });
});

describe('simple and others', () => {
  const state = fixtureState({
    groups: [[1, 'noc'], [2, 'ops']],
    permissions: [
      { id: 7, name: 'noc view 2', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
      { id: 3, name: 'noc view', object_types: ['dcim.rack'], actions: ['view'], groups: [1] },
      { id: 4, name: 'shared view', object_types: ['dcim.site'], actions: ['view'], groups: [1, 2] },
      { id: 5, name: 'set', object_types: ['dcim.site'], actions: ['view', 'add'], groups: [1] },
      { id: 6, name: 'constrained', object_types: ['dcim.site'], actions: ['view'], constraints: { id: 1 }, groups: [1] },
      { id: 8, name: 'disabled', object_types: ['dcim.site'], actions: ['view'], enabled: false, groups: [1] },
      { id: 9, name: 'other action', object_types: ['dcim.site'], actions: ['add'], groups: [1] },
    ],
  });
  const cells = new CellIndex(state);

  it('takes the lowest id of the permissions of P alone, enabled, unconstrained, holding exactly the action', () => {
    expect(cells.simple({ type: 'group', id: 1 }, 'view')!.id).toBe(3);
    expect(cells.simple({ type: 'group', id: 2 }, 'view')).toBeNull();
  });

  it('lists every other permission holding the action, enabled or not, by name', () => {
    expect(cells.others({ type: 'group', id: 1 }, 'view').map((p) => p.name)).toEqual(['constrained', 'disabled', 'noc view 2', 'set', 'shared view']);
  });
});
