/**
 * The planner against the rules (§4 managed permissions, §5 changes to operations, §6 edits):
 * each case states the permissions before and the operations expected, one line per operation
 * (`op key "name" [types] [actions] principals`).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { changeSet, fixtureState, planFixture, summary, type FixtureInput } from '../../../testing/permissionsMatrix/fixtures.ts';
import { MANAGED_DESCRIPTION } from './managed.ts';

const base: FixtureInput = { groups: [[1, 'noc'], [2, 'ops'], [3, 'hidden-team']], users: [[10, 'alice', [1]], [11, 'root', [], { superuser: true }], [12, 'gone', [], { inactive: true }]], visibleGroups: [1, 2] };
const withPerms = (permissions: FixtureInput['permissions'], extra: Partial<FixtureInput> = {}) => fixtureState({ ...base, ...extra, permissions });

describe('grants (managed permissions)', () => {
  it('creates <name>_<letters>, enabled, unconstrained, assigned to P alone, when P has no managed permission for the set', () => {
    const plan = planFixture(withPerms([]), changeSet([['group', 1, 'dcim.site', 'view'], ['group', 1, 'dcim.rack', 'view'], ['group', 1, 'core.datasource', 'sync']]));
    expect(summary(plan)).toEqual(['create new-1 "noc_s" [core.datasource] [sync] g1', 'create new-2 "noc_v" [dcim.rack dcim.site] [view] g1']);
    expect(plan.operations[1].after).toMatchObject({ description: MANAGED_DESCRIPTION, enabled: true, constraints: null });
    expect(plan.operations[1].affects).toEqual([{ type: 'group', id: 1 }]);
  });

  it('adds the type to the managed permission holding exactly the new set', () => {
    const plan = planFixture(withPerms([{ id: 5, name: 'noc_v', object_types: ['dcim.rack'], actions: ['view'], groups: [1] }]), changeSet([['group', 1, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['update 5 "noc_v" [dcim.rack dcim.site] [view] g1']);
  });

  it('moves a type from noc_v to noc_va; types moving to one set share one operation; a managed permission left empty is deleted', () => {
    const plan = planFixture(
      withPerms([
        { id: 5, name: 'noc_v', object_types: ['dcim.rack', 'dcim.site'], actions: ['view'], groups: [1] },
        { id: 6, name: 'noc_va', object_types: ['ipam.prefix'], actions: ['view', 'add'], groups: [1] },
      ]),
      changeSet([['group', 1, 'dcim.site', 'add'], ['group', 1, 'dcim.rack', 'add']]),
    );
    expect(summary(plan)).toEqual(['update 6 "noc_va" [dcim.rack dcim.site ipam.prefix] [view add] g1', 'delete 5 "noc_v" [dcim.rack dcim.site] [view] g1']);
    // noc_v's types did not lose view: neither operation's affects may list noc for noc_v's cells alone, but the move changes add.
    expect(plan.operations[0].affects).toEqual([{ type: 'group', id: 1 }]);
  });

  it('recognises managed permissions made unique (noc_v 2), and ignores shared, constrained, disabled or misnamed ones', () => {
    const plan = planFixture(
      withPerms([
        { id: 1, name: 'noc_va', object_types: ['dcim.device'], actions: ['view', 'add'], groups: [1, 2] },
        { id: 2, name: 'noc_va', object_types: ['dcim.device'], actions: ['view', 'add'], groups: [1], constraints: { id: 1 } },
        { id: 3, name: 'noc_va', object_types: ['dcim.device'], actions: ['view', 'add'], groups: [1], enabled: false },
        { id: 4, name: 'noc view+add', object_types: ['dcim.device'], actions: ['view', 'add'], groups: [1] },
        { id: 5, name: 'noc_va 2', object_types: ['dcim.rack'], actions: ['view', 'add'], groups: [1] },
      ]),
      changeSet([['group', 1, 'dcim.site', 'view'], ['group', 1, 'dcim.site', 'add']]),
    );
    expect(summary(plan)).toEqual(['update 5 "noc_va 2" [dcim.rack dcim.site] [view add] g1']);
  });

  it('makes a created name unique with " 2", " 3" and keeps it within 100 characters, letters included', () => {
    const long = 'x'.repeat(98);
    const state = withPerms([
      { id: 1, name: 'noc_v', object_types: ['dcim.device'], actions: ['view'], groups: [2] },
      { id: 2, name: 'noc_v 2', object_types: ['dcim.device'], actions: ['view'], groups: [2] },
    ], { groups: [[1, 'noc'], [2, 'ops'], [4, long]], visibleGroups: null });
    expect(summary(planFixture(state, changeSet([['group', 1, 'dcim.site', 'view']])))).toEqual(['create new-1 "noc_v 3" [dcim.site] [view] g1']);
    const name = planFixture(state, changeSet([['group', 4, 'dcim.site', 'view'], ['group', 4, 'dcim.site', 'add']])).operations[0].after!.name;
    expect(name).toBe(`${long.slice(0, 93)}_va`);
    expect(planFixture(state, changeSet([['group', 4, 'dcim.site', 'view']])).operations[0].after!.name.length).toBeLessThanOrEqual(100);
  });
});

describe('revokes', () => {
  it('moves the type to the smaller managed set, or out, from a managed permission', () => {
    const plan = planFixture(withPerms([{ id: 5, name: 'noc_va', object_types: ['dcim.rack', 'dcim.site'], actions: ['view', 'add'], groups: [1] }]), changeSet([], [['group', 1, 'dcim.site', 'add']]));
    expect(summary(plan)).toEqual(['create new-1 "noc_v" [dcim.site] [view] g1', 'update 5 "noc_va" [dcim.rack] [view add] g1']);
  });

  const alone = (types: string[], actions: string[]) => withPerms([{ id: 7, name: 'custom', object_types: types, actions, groups: [1], description: 'hand-made', constraints: { status: 'active' } }]);
  it('of a permission of P alone: only this type and action → delete', () => {
    expect(summary(planFixture(alone(['dcim.site'], ['view']), changeSet([], [['group', 1, 'dcim.site', 'view']])))).toEqual(['delete 7 "custom" [dcim.site] [view] g1 constrained']);
  });
  it('of a permission of P alone: only this type → the action is removed', () => {
    expect(summary(planFixture(alone(['dcim.site'], ['view', 'add']), changeSet([], [['group', 1, 'dcim.site', 'view']])))).toEqual(['update 7 "custom" [dcim.site] [add] g1 constrained']);
  });
  it('of a permission of P alone: only this action → the type is removed', () => {
    expect(summary(planFixture(alone(['dcim.site', 'dcim.rack'], ['view']), changeSet([], [['group', 1, 'dcim.site', 'view']])))).toEqual(['update 7 "custom" [dcim.rack] [view] g1 constrained']);
  });
  it('of a permission of P alone: several types and actions → the type is removed and a copy keeps its other actions', () => {
    const plan = planFixture(alone(['dcim.site', 'dcim.rack'], ['view', 'add']), changeSet([], [['group', 1, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['create new-1 "custom (dcim.site)" [dcim.site] [add] g1 constrained', 'update 7 "custom" [dcim.rack] [view add] g1 constrained']);
    expect(plan.operations[0].after).toMatchObject({ description: 'hand-made', enabled: true, constraints: { status: 'active' } });
  });

  it('of a shared permission: P is taken off it and a copy for P alone keeps the rest; nobody else is affected', () => {
    const plan = planFixture(withPerms([{ id: 8, name: 'shared', object_types: ['dcim.site', 'dcim.rack'], actions: ['view'], groups: [1, 2], users: [10] }]), changeSet([], [['group', 1, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['create new-1 "shared (noc)" [dcim.rack] [view] g1', 'update 8 "shared" [dcim.site dcim.rack] [view] g2,u10']);
    expect(plan.operations.map((o) => o.affects)).toEqual([[], [{ type: 'group', id: 1 }]]);
  });

  it('of a shared permission: no copy when nothing would remain; a hidden principal counts as sharing and stays', () => {
    const plan = planFixture(withPerms([{ id: 8, name: 'shared', object_types: ['dcim.site'], actions: ['view'], groups: [1, 3] }]), changeSet([], [['group', 1, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['update 8 "shared" [dcim.site] [view] g3']);
  });

  it('of a disabled or constrained permission too, besides the managed move', () => {
    const plan = planFixture(
      withPerms([
        { id: 5, name: 'noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
        { id: 6, name: 'off', object_types: ['dcim.site'], actions: ['view'], groups: [1], enabled: false },
      ]),
      changeSet([], [['group', 1, 'dcim.site', 'view']]),
    );
    expect(summary(plan)).toEqual(['delete 5 "noc_v" [dcim.site] [view] g1', 'delete 6 "off" [dcim.site] [view] g1 disabled']);
  });

  it('never touches access through groups: it warns that the user still has it, naming hidden groups only by placeholder', () => {
    const state = withPerms([
      { id: 1, name: 'alice_v', object_types: ['dcim.site'], actions: ['view'], users: [10] },
      { id: 2, name: 'noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
      { id: 3, name: 'hidden', object_types: ['dcim.site'], actions: ['view'], groups: [3] },
    ], { users: [[10, 'alice', [1, 3]]] });
    const plan = planFixture(state, changeSet([], [['user', 10, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['delete 1 "alice_v" [dcim.site] [view] u10']);
    expect(plan.warnings).toEqual(['alice still has view on dcim.site through group(s) a group you cannot view, noc.']);
    expect(JSON.stringify(plan)).not.toContain('hidden-team');
  });
});

describe('no-ops, order and warnings', () => {
  it('warns for cells already as requested and writes nothing for them', () => {
    const plan = planFixture(withPerms([{ id: 1, name: 'by hand', object_types: ['dcim.site'], actions: ['view'], groups: [1] }]), changeSet([['group', 1, 'dcim.site', 'view']], [['group', 1, 'dcim.rack', 'view']]));
    expect(plan.operations).toEqual([]);
    expect(plan.warnings).toEqual(['noc has no view on dcim.rack; nothing to revoke.', 'noc already has view on dcim.site.']);
  });

  it('grants a constrained or disabled cell through the managed permission (the cell becomes granted)', () => {
    const plan = planFixture(withPerms([{ id: 1, name: 'c', object_types: ['dcim.site'], actions: ['view'], groups: [1], constraints: { id: 1 } }]), changeSet([['group', 1, 'dcim.site', 'view']]));
    expect(summary(plan)).toEqual(['create new-1 "noc_v" [dcim.site] [view] g1']);
  });

  it('orders creates by key, then updates and deletes by id, with one operation per permission', () => {
    const plan = planFixture(
      withPerms([
        { id: 9, name: 'noc_v', object_types: ['dcim.site', 'dcim.rack'], actions: ['view'], groups: [1] },
        { id: 4, name: 'ops_v', object_types: ['dcim.site'], actions: ['view'], groups: [2] },
        { id: 2, name: 'shared', object_types: ['ipam.prefix'], actions: ['view', 'add'], groups: [1, 2] },
      ]),
      changeSet([['group', 1, 'dcim.site', 'add'], ['group', 2, 'dcim.rack', 'view']], [['group', 2, 'dcim.site', 'view'], ['group', 1, 'ipam.prefix', 'add']]),
    );
    expect(plan.operations.map((o) => `${o.op} ${o.key}`)).toEqual(['create new-1', 'create new-2', 'update 2', 'update 4', 'update 9']);
    expect(summary(plan)[0]).toBe('create new-1 "noc_va" [dcim.site] [view add] g1');
    expect(summary(plan)[1]).toBe('create new-2 "shared (noc)" [ipam.prefix] [view] g1');
  });

  it('says that NetBox gives a superuser everything and an inactive user nothing', () => {
    const plan = planFixture(withPerms([]), changeSet([['user', 11, 'dcim.site', 'view'], ['user', 12, 'dcim.site', 'view']]));
    expect(plan.warnings).toEqual([
      'root is a superuser: NetBox gives a superuser every permission, whatever the matrix shows.',
      'gone is inactive: NetBox gives an inactive user no permission, whatever the matrix shows.',
    ]);
    expect(plan.operations).toHaveLength(2);
  });
});

describe('edits', () => {
  const state = withPerms([
    { id: 3, name: 'noc view', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
    { id: 4, name: 'ops only', object_types: ['dcim.site'], actions: ['view'], groups: [2] },
    { id: 5, name: 'noc_va', object_types: ['dcim.rack', 'dcim.site'], actions: ['view', 'add'], groups: [1] },
  ]);
  const noc = { type: 'group' as const, id: 1 };

  it('edits a permission by perm_id: fields, constraints, added actions, groups and users', () => {
    const plan = planFixture(state, changeSet([], [], [{ principal: noc, perm_id: 3, name: 'renamed', description: 'd', enabled: false, constraints: { status: 'active' }, add_actions: ['change'], add_groups: [2], add_users: [10] }]));
    expect(summary(plan)).toEqual(['update 3 "renamed" [dcim.site] [view change] g1,g2,u10 constrained disabled']);
    expect(plan.operations[0].reasons).toEqual(['Edit 0 for noc: name, description, enabled, constraints, actions, groups, users.']);
  });

  it('finds the older action form through simple; skips with a warning when there is none or the permission is not P\'s', () => {
    expect(summary(planFixture(state, changeSet([], [], [{ principal: noc, action: 'view', enabled: false }])))).toEqual(['update 3 "noc view" [dcim.site] [view] g1 disabled']);
    const skipped = planFixture(state, changeSet([], [], [{ principal: noc, action: 'add', enabled: false }, { principal: noc, perm_id: 4, enabled: false }]));
    expect(skipped.operations).toEqual([]);
    expect(skipped.warnings).toEqual([
      'noc has no permission holding add alone, unconstrained; edit 0 is left out (name the permission with perm_id).',
      'Permission "ops only" (4) is not assigned to noc; edit 1 is left out.',
    ]);
  });

  it('removes constraints with null, and refuses invalid constraints or an action that does not apply, by position', () => {
    const constrained = withPerms([{ id: 3, name: 'c', object_types: ['dcim.site'], actions: ['view'], groups: [1], constraints: { id: 1 } }]);
    expect(summary(planFixture(constrained, changeSet([], [], [{ principal: noc, perm_id: 3, constraints: null }])))).toEqual(['update 3 "c" [dcim.site] [view] g1']);
    const refuse = (edits: Parameters<typeof changeSet>[2]) => {
      try {
        planFixture(state, changeSet([], [], edits));
      } catch (error) {
        return (error as ApiError).body;
      }
      return null;
    };
    expect(refuse([{ principal: noc, perm_id: 3, enabled: true }, { principal: noc, perm_id: 3, constraints: { bad: 1 } }])).toEqual({ edits: { 1: { constraints: ["Invalid filter for dcim.site: Cannot resolve keyword 'bad' into field."] } } });
    expect(refuse([{ principal: noc, perm_id: 3, add_actions: ['sync'] }])).toEqual({ edits: { 0: { add_actions: ['Action "sync" does not apply to dcim.site.'] } } });
  });

  it('applies after the change mapping, in the same single operation', () => {
    const plan = planFixture(state, changeSet([], [['group', 1, 'dcim.site', 'add']], [{ principal: noc, perm_id: 5, description: 'kept by hand' }]));
    expect(summary(plan)).toEqual(['create new-1 "noc_v" [dcim.site] [view] g1', 'update 5 "noc_va" [dcim.rack] [view add] g1']);
    expect(plan.operations[1].after!.description).toBe('kept by hand');
  });
});

describe('large change sets (behaviour at n and 4n; the work is linear, see the README)', () => {
  const actions = (n: number) => Array.from({ length: n }, (_, i) => `x${i.toString(36)}`);

  it('grants n freeform actions in one managed permission, past the ~120,000 arguments a spread push takes', () => {
    for (const n of [40_000, 160_000]) {
      const plan = planFixture(withPerms([]), changeSet(actions(n).map((a) => ['group', 1, 'dcim.site', a])));
      expect(plan.operations).toHaveLength(1);
      expect(plan.operations[0].after!.actions).toHaveLength(n);
      expect(plan.operations[0].reasons).toHaveLength(n + 1);
      expect(plan.operations[0].affects).toEqual([{ type: 'group', id: 1 }]);
    }
  }, 120_000);

  it('merges n edits of one permission into one operation, and takes n principals off a shared permission at once', () => {
    for (const n of [2_000, 8_000]) {
      const users: FixtureInput['users'] = Array.from({ length: n }, (_, i) => [100 + i, `u${i}`, []]);
      const shared = { id: 7, name: 'shared', object_types: ['dcim.site'], actions: ['view', 'add'], users: users.map(([id]) => id) };
      const state = withPerms([shared], { users });
      const edits = actions(n).map((a, i) => ({ principal: { type: 'user' as const, id: 100 + i }, perm_id: 7, add_actions: [a] }));
      const edited = planFixture(state, changeSet([], [], edits));
      expect(summary(edited)).toHaveLength(1);
      expect(edited.operations[0].after!.actions).toEqual(['view', 'add', ...actions(n).sort()]);
      expect(edited.operations[0].affects).toHaveLength(n);
      const revoked = planFixture(state, changeSet([], users.map(([id]) => ['user', id, 'dcim.site', 'add'])));
      expect(revoked.operations.map((o) => o.op)).toEqual([...Array(n).fill('create'), 'delete']);
      expect(revoked.operations[0].after).toMatchObject({ name: 'shared (u0)', actions: ['view'], users: [100] });
      // A copy only carries what its user keeps; the delete is where every user loses add.
      expect(revoked.operations[0].affects).toEqual([]);
      expect(revoked.operations[n].affects).toHaveLength(n);
    }
  }, 120_000);
});
