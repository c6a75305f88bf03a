/**
 * @module
 * A small in-memory state for the matrix's unit tests: groups, users and permissions written
 * compactly, a catalogue with NetBox's registered custom actions, and a way to plan against it.
 * Used by the matrix's unit tests (runtime/inventory/plugins/permissionsMatrix/*.test.ts) only.
 */
import type { Resource } from '../../contract/index.ts';
import { ActionCatalog } from '../../inventory/plugins/permissionsMatrix/actions.ts';
import type { ChangeSet } from '../../inventory/plugins/permissionsMatrix/changeSet.ts';
import { normalise } from '../../inventory/plugins/permissionsMatrix/changeSet.ts';
import type { MatrixState, Permission } from '../../inventory/plugins/permissionsMatrix/model.ts';
import { planChanges } from '../../inventory/plugins/permissionsMatrix/planner.ts';

export const TYPES = ['core.datasource', 'dcim.device', 'dcim.rack', 'dcim.site', 'ipam.prefix', 'virtualization.virtualmachine'];

/** Resources as the registry holds them, with the custom actions NetBox registers. */
export const RESOURCES = TYPES.map((objectType) => {
  const [app, model] = objectType.split('.');
  const customActions = objectType === 'core.datasource' ? [{ name: 'sync', label: 'Synchronize' }] : objectType === 'dcim.device' || objectType === 'virtualization.virtualmachine' ? [{ name: 'render_config', label: 'Render configuration' }] : undefined;
  return { key: `${app}.${model}s`, app, objectType, verboseName: model, customActions } as unknown as Resource;
});

export interface FixtureInput {
  groups?: [number, string][];
  /** id, username, group ids, and optionally flags. */
  users?: [number, string, number[], { superuser?: boolean; inactive?: boolean }?][];
  permissions?: (Partial<Permission> & { id: number; name: string; object_types: string[]; actions: string[] })[];
  visibleGroups?: number[] | null;
  visibleUsers?: number[] | null;
}

export function fixtureState(input: FixtureInput): MatrixState {
  const permissions = new Map<number, Permission>(
    (input.permissions ?? []).map((p) => [p.id, { description: '', enabled: true, constraints: null, groups: [], users: [], ...p }]),
  );
  return {
    groups: new Map((input.groups ?? []).map(([id, name]) => [id, { id, name }])),
    users: new Map((input.users ?? []).map(([id, username, groups, flags]) => [id, { id, username, groups, isSuperuser: !!flags?.superuser, isActive: !flags?.inactive }])),
    permissions,
    names: new Set([...permissions.values()].map((p) => p.name)),
    heldActions: new Set([...permissions.values()].flatMap((p) => p.actions)),
    visibleGroups: input.visibleGroups === undefined ? null : input.visibleGroups && new Set(input.visibleGroups),
    visibleUsers: input.visibleUsers === undefined ? null : input.visibleUsers && new Set(input.visibleUsers),
    visiblePermissions: null,
  };
}

export function fixtureCatalog(state: MatrixState, extra: string[] = []): ActionCatalog {
  return new ActionCatalog(RESOURCES, state.heldActions, extra);
}

type Cell = [string, number, string, string];

/** `['group', 1, 'dcim.site', 'view']` → a change. */
const change = ([type, id, objectType, action]: Cell, granted: boolean) => ({ principal: { type: type as 'group' | 'user', id }, object_type: objectType, action, granted });

export function changeSet(grants: Cell[], revokes: Cell[] = [], edits: ChangeSet['edits'] = []): ChangeSet {
  return { changes: normalise([...grants.map((c) => change(c, true)), ...revokes.map((c) => change(c, false))]), edits };
}

/** Plans against the fixture; constraints naming `bad` are refused as the compiler would. */
export function planFixture(state: MatrixState, set: ChangeSet) {
  const catalog = fixtureCatalog(state, set.changes.map((c) => c.action));
  return planChanges({ state, catalog, set, constraintError: (_type, constraints) => (JSON.stringify(constraints).includes('"bad') ? 'Cannot resolve keyword \'bad\' into field.' : null) });
}

/** The operations as `op key name types actions principals`, one line each: easy to compare. */
export function summary(plan: ReturnType<typeof planFixture>): string[] {
  return plan.operations.map((o) => {
    const p = (o.after ?? o.before)!;
    const who = [...p.groups.map((g) => `g${g}`), ...p.users.map((u) => `u${u}`)].join(',');
    return `${o.op} ${o.key} "${p.name}" [${p.object_types.join(' ')}] [${p.actions.join(' ')}] ${who}${p.constraints ? ' constrained' : ''}${p.enabled ? '' : ' disabled'}`;
  });
}
