/**
 * @module
 * import/ (rules §8): a file made by export/ (read by importFile.ts) becomes the changes that make
 * each principal it names hold exactly the granted cells it lists, for the actions it lists
 * (grants, and revokes of granted cells it leaves out); principals it does not name are not
 * touched. Nothing is written. Entries naming unknown groups, users, object types or actions are
 * skipped and listed in `errors`; cells that are constrained or disabled are left unchanged and
 * listed in `warnings` (a grant would widen a permission an administrator wrote).
 *
 * The work is linear in the file and in the named principals' permissions: each principal's
 * cells to look at are the ones the file lists and the ones it holds now, never every object
 * type times every action the file names.
 */
import { ACTION_NAME, type ActionCatalog } from './actions.ts';
import { stateOf, type CellIndex } from './cells.ts';
import type { Change } from './changeSet.ts';
import type { ImportedFile } from './importFile.ts';
import { visible, type MatrixState, type PrincipalRef } from './model.ts';
import type { Row } from './rows.ts';

export interface ImportResult {
  changes: (Change & { name: string })[];
  warnings: string[];
  errors: string[];
}

/** The changes that make every principal the file names hold what it lists. */
export function importChanges(file: ImportedFile, state: MatrixState, cells: CellIndex, catalog: ActionCatalog, rows: Row[]): ImportResult {
  const result: ImportResult = { changes: [], warnings: [], errors: [] };
  const apps = new Set(rows.map((r) => r.app_label));
  for (const label of file.appLabels ?? []) if (!apps.has(label)) result.errors.push(`app_labels: unknown app "${label}"; skipped.`);
  const actions = file.actions.filter((a) => {
    if (ACTION_NAME.test(a)) return true;
    result.errors.push(`actions: "${a}" is not a valid action name; skipped.`);
    return false;
  });
  // Positions give the changes the order of a walk over the rows in scope, then the file's actions.
  const rowAt = new Map(rows.map((r, i) => [r.object_type, i]));
  const appsInScope = file.appLabels && new Set(file.appLabels);
  const inScope = (type: string) => !appsInScope || appsInScope.has(rows[rowAt.get(type)!].app_label);
  const actionAt = new Map(actions.map((a, i) => [a, i]));
  const byName = {
    group: new Map([...state.groups.values()].filter((g) => visible(state, { type: 'group', id: g.id })).map((g) => [g.name, g.id])),
    user: new Map([...state.users.values()].filter((u) => visible(state, { type: 'user', id: u.id })).map((u) => [u.username, u.id])),
  };
  for (const [section, type] of [['groups', 'group'], ['users', 'user']] as const) {
    for (const [name, listed] of file[section]) {
      const id = byName[type].get(name);
      if (id === undefined) {
        result.errors.push(`${section}.${name}: unknown ${type}; skipped.`);
        continue;
      }
      const principal: PrincipalRef = { type, id };
      // object type → actions the file grants the principal there.
      const wanted = new Map<string, Set<string>>();
      for (const [objectType, held] of listed) {
        if (!rowAt.has(objectType)) {
          result.errors.push(`${section}.${name}.${objectType}: unknown object type; skipped.`);
          continue;
        }
        for (const action of held) {
          if (!actionAt.has(action)) result.errors.push(`${section}.${name}.${objectType}: "${action}" is not among the file's actions; skipped.`);
          else if (!catalog.applies(action, objectType)) result.errors.push(`${section}.${name}.${objectType}: action "${action}" does not apply to ${objectType}; skipped.`);
          else if (inScope(objectType)) (wanted.get(objectType) ?? wanted.set(objectType, new Set()).get(objectType)!).add(action);
        }
      }
      // The cells that may change: those the file grants, and those the principal holds now.
      const candidates: [string, string][] = [];
      for (const [objectType, granted] of wanted) for (const action of granted) candidates.push([objectType, action]);
      for (const [objectType, byAction] of cells.coverage(principal)) {
        if (!rowAt.has(objectType) || !inScope(objectType)) continue;
        for (const [action, perms] of byAction) {
          if (!actionAt.has(action) || wanted.get(objectType)?.has(action) || !catalog.applies(action, objectType)) continue;
          if (stateOf(perms) === 'granted') candidates.push([objectType, action]);
        }
      }
      candidates.sort(([ta, aa], [tb, ab]) => rowAt.get(ta)! - rowAt.get(tb)! || actionAt.get(aa)! - actionAt.get(ab)!);
      for (const [objectType, action] of candidates) {
        const want = !!wanted.get(objectType)?.has(action);
        const now = cells.directState(principal, objectType, action);
        if (want && (now === 'constrained' || now === 'disabled')) result.warnings.push(`${name}: ${action} on ${objectType} is ${now}; left unchanged (a grant would widen a permission an administrator wrote).`);
        else if (want && now === 'none') result.changes.push({ principal, object_type: objectType, action, granted: true, name });
        else if (!want && now === 'granted') result.changes.push({ principal, object_type: objectType, action, granted: false, name });
      }
    }
  }
  return result;
}
