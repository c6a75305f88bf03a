/**
 * Reading plan/ bodies: every shape error with the position of the bad entry, then references
 * checked against the state (unknown and hidden principals alike, object types, actions,
 * permissions), and normalisation (duplicates, last entry wins, order).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { readChangeSet, resolveChangeSet } from './changeSet.ts';
import { fixtureCatalog, fixtureState, TYPES } from '../../../testing/permissionsMatrix/fixtures.ts';

const bodyOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body };
    throw error;
  }
  return null;
};
const g = (id: number) => ({ type: 'group', id });

describe('readChangeSet', () => {
  it('reports shape errors by position, in DRF field dicts', () => {
    expect(bodyOf(() => readChangeSet({ changes: [
      { principal: g(1), object_type: 'dcim.site', action: 'view', granted: true },
      { principal: { type: 'team', id: 1 }, object_type: 'dcim.site', action: 'View!', granted: 'yes' },
      { object_type: 7 },
    ] }))).toEqual({ status: 400, body: { changes: {
      1: { principal: ['"team" is not a valid principal type (group or user).'], action: ['"View!" is not a valid action name.'], granted: ['Must be a valid boolean.'] },
      2: { principal: ['This field is required.'], action: ['This field is required.'], granted: ['This field is required.'], object_type: ['Not a valid string.'] },
    } } });
  });

  it('needs exactly one of perm_id and action in an edit', () => {
    expect(bodyOf(() => readChangeSet({ edits: [{ principal: g(1), perm_id: 3, action: 'view' }, { principal: g(1), name: 'x' }] }))!.body).toEqual({ edits: {
      0: { non_field_errors: ['Give exactly one of perm_id and action, not both.'] },
      1: { non_field_errors: ['Give exactly one of perm_id and action.'] },
    } });
  });

  it('refuses a body that is no object, lists that are no lists and unknown keys', () => {
    expect(bodyOf(() => readChangeSet([]))!.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    expect(bodyOf(() => readChangeSet({ changes: {}, extra: 1 }))!.body).toEqual({ non_field_errors: ['Unknown field(s): extra.'], changes: ['Expected a list of items but got type "dict".'] });
  });

  it('normalises: exact duplicates dropped, the last entry for a cell wins, sorted whatever the order given', () => {
    const c = (id: number, type: string, action: string, granted: boolean) => ({ principal: g(id), object_type: type, action, granted });
    const one = readChangeSet({ changes: [c(2, 'dcim.site', 'view', true), c(1, 'dcim.site', 'add', true), c(1, 'dcim.site', 'add', false), c(2, 'dcim.site', 'view', true)] });
    const two = readChangeSet({ changes: [c(1, 'dcim.site', 'add', true), c(2, 'dcim.site', 'view', true), c(1, 'dcim.site', 'add', false)] });
    expect(one.set.changes).toEqual(two.set.changes);
    expect(one.set.changes.map((x) => `${x.principal.id} ${x.action} ${x.granted}`)).toEqual(['1 add false', '2 view true']);
  });
});

describe('resolveChangeSet', () => {
  const state = fixtureState({ groups: [[1, 'noc'], [3, 'hidden']], visibleGroups: [1], permissions: [{ id: 5, name: 'p', object_types: ['dcim.site'], actions: ['view'], groups: [1, 3] }] });
  const resolve = (body: unknown) => bodyOf(() => {
    const { set } = readChangeSet(body);
    resolveChangeSet(set, state, fixtureCatalog(state), new Set(TYPES));
  });

  it('refuses unknown and hidden principals alike, bad object types and actions that do not apply', () => {
    expect(resolve({ changes: [
      { principal: g(99), object_type: 'dcim.site', action: 'view', granted: true },
      { principal: g(3), object_type: 'dcim.site', action: 'view', granted: true },
      { principal: g(1), object_type: 'dcim.foo', action: 'view', granted: true },
      { principal: g(1), object_type: 'site', action: 'view', granted: true },
      { principal: g(1), object_type: 'dcim.site', action: 'sync', granted: true },
    ] })!.body).toEqual({ changes: {
      0: { principal: ['Invalid pk "99" - object does not exist.'] },
      1: { principal: ['Invalid pk "3" - object does not exist.'] },
      2: { object_type: ['Invalid content type: dcim.foo'] },
      3: { object_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] },
      4: { action: ['Action "sync" does not apply to dcim.site.'] },
    } });
  });

  it('refuses an unknown perm_id, one shared with principals the caller cannot view, and unknown groups or users to add', () => {
    expect(resolve({ edits: [
      { principal: g(1), perm_id: 77 },
      { principal: g(1), perm_id: 5 },
      { principal: g(1), action: 'view', add_groups: [3], add_users: [4] },
    ] })!.body).toEqual({ edits: {
      0: { perm_id: ['Invalid pk "77" - object does not exist.'] },
      1: { perm_id: ['Permission 5 is also assigned to groups or users you cannot view.'] },
      2: { add_groups: ['Invalid pk "3" - object does not exist.'], add_users: ['Invalid pk "4" - object does not exist.'] },
    } });
  });
});
