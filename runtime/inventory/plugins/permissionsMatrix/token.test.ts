/**
 * Tokens (rules §7): the same for the same plan whatever the order of the changes, different as
 * soon as anything the plan depends on differs, and bound to the server's secret.
 */
import { describe, expect, it } from 'vitest';
import { normalise } from './changeSet.ts';
import { fixtureState, planFixture } from '../../../testing/permissionsMatrix/fixtures.ts';
import type { FixtureInput } from '../../../testing/permissionsMatrix/fixtures.ts';
import { canonicalJson, dependencies, planToken, tokenOperations } from './token.ts';

const input: FixtureInput = {
  groups: [[1, 'noc'], [2, 'ops']],
  users: [[10, 'alice', [1]]],
  permissions: [
    { id: 1, name: 'noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [1] },
    { id: 2, name: 'ops only', object_types: ['dcim.site'], actions: ['view'], groups: [2] },
  ],
};
const changes = [
  { principal: { type: 'group' as const, id: 1 }, object_type: 'dcim.rack', action: 'view', granted: true },
  { principal: { type: 'user' as const, id: 10 }, object_type: 'dcim.site', action: 'add', granted: true },
];

const SECRET = Buffer.alloc(32, 1);

function tokenOf(state = fixtureState(input), given = changes, secret = SECRET) {
  const set = { changes: normalise(given), edits: [] };
  const plan = planFixture(state, set);
  const principals = set.changes.map((c) => c.principal);
  return planToken({ changes: set.changes, edits: set.edits, operations: tokenOperations(plan.operations), dependencies: dependencies(state, principals, plan.operations) }, secret);
}

describe('plan tokens', () => {
  it('are stable under reordering of the changes and under canonical JSON key order', () => {
    expect(tokenOf()).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenOf(undefined, [...changes].reverse())).toBe(tokenOf());
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it('change when a permission of a named principal changes, an assignment is added, a group is renamed or a user joins a group', () => {
    const before = tokenOf();
    const variants: ((i: FixtureInput) => void)[] = [
      (i) => void (i.permissions![0].description = 'edited'),
      (i) => void (i.permissions![1].groups = [1, 2]), // assigned to noc from the group's side
      (i) => void (i.groups![0][1] = 'noc-renamed'),
      (i) => void (i.users![0][2] = [1, 2]),
      (i) => void i.permissions!.push({ id: 3, name: 'alice_a', object_types: ['ipam.prefix'], actions: ['view'], groups: [2] }), // the name the plan creates is taken
    ];
    variants.forEach((change, n) => {
      const copy = structuredClone(input);
      change(copy);
      expect(tokenOf(fixtureState(copy)), `variant ${n}`).not.toBe(before);
    });
  });

  it('do not change for permissions of principals the plan does not name', () => {
    const copy = structuredClone(input);
    copy.groups!.push([5, 'other']);
    copy.permissions!.push({ id: 9, name: 'unrelated', object_types: ['dcim.rack'], actions: ['view'], groups: [5] });
    expect(tokenOf(fixtureState(copy))).toBe(tokenOf());
  });

  it('depend on the server secret', () => {
    expect(tokenOf(undefined, undefined, Buffer.alloc(32, 2))).not.toBe(tokenOf());
  });
});
