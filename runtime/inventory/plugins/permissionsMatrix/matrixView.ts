/**
 * @module
 * GET matrix/: rows, the columns the query asks for (groups the caller may view, by name; then
 * users by username: those asked for with user_id, and with include_users every user holding a
 * permission assigned directly), and the covered cells as `cells[column key][object type]` — one
 * level deeper, by action, with action `*`, whose columns list `perms` instead of simple/others.
 */
import type { ActionCatalog } from './actions.ts';
import type { Cell, CellIndex } from './cells.ts';
import type { MatrixQuery } from './matrixQuery.ts';
import { byNameThenId, displayName, principalKey, visible, type MatrixState, type PrincipalRef } from './model.ts';
import { permissionViews, type PermissionView } from './permissionView.ts';
import type { Row } from './rows.ts';

export interface Column {
  type: PrincipalRef['type'];
  id: number;
  key: string;
  name: string;
  simple?: PermissionView | null;
  others?: PermissionView[];
  perms?: PermissionView[];
}

/** The principals the query shows, groups first (by name), then users (by username). */
export function selectColumns(state: MatrixState, cells: CellIndex, query: MatrixQuery): PrincipalRef[] {
  const groups = [...state.groups.values()]
    .filter((g) => visible(state, { type: 'group', id: g.id }) && (!query.groupIds || query.groupIds.includes(g.id)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((g) => ({ type: 'group' as const, id: g.id }));
  const userIds = new Set(query.userIds ?? []);
  if (query.includeUsers && !query.userIds) {
    for (const u of state.users.values()) if (cells.permissionsOf({ type: 'user', id: u.id }).length) userIds.add(u.id);
  }
  const users = [...userIds]
    .map((id) => state.users.get(id)!)
    .filter((u) => u && visible(state, { type: 'user', id: u.id }))
    .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : a.id - b.id))
    .map((u) => ({ type: 'user' as const, id: u.id }));
  return [...groups, ...users];
}

export interface MatrixResponse {
  action: string;
  can_edit: boolean;
  actions: ReturnType<ActionCatalog['shown']>;
  rows: Row[];
  columns: Column[];
  cells: Record<string, Record<string, Cell | Record<string, Cell>>>;
}

export function buildMatrix(args: { state: MatrixState; cells: CellIndex; catalog: ActionCatalog; rows: Row[]; query: MatrixQuery; canEdit: boolean; origin: string }): MatrixResponse {
  const { state, cells, catalog, rows, query, origin } = args;
  const shownTypes = new Set(rows.map((r) => r.object_type));
  const all = query.action === '*';
  const view = permissionViews(state, origin);
  const actionNames = catalog.list.map((a) => a.name);
  const columns: Column[] = [];
  const out: MatrixResponse['cells'] = {};
  for (const principal of selectColumns(state, cells, query)) {
    const key = principalKey(principal);
    const column: Column = { type: principal.type, id: principal.id, key, name: displayName(state, principal) };
    if (all) {
      column.perms = [...cells.permissionsOf(principal)].sort(byNameThenId).map(view);
    } else {
      const simple = cells.simple(principal, query.action);
      column.simple = simple ? view(simple) : null;
      column.others = cells.others(principal, query.action).map(view);
    }
    columns.push(column);
    const byType: Record<string, Cell | Record<string, Cell>> = {};
    for (const [type, actions] of cells.coveredCells(principal)) {
      if (!shownTypes.has(type)) continue;
      if (all) {
        const byAction: Record<string, Cell> = {};
        for (const action of actionNames) {
          if (!actions.has(action)) continue;
          const cell = cells.cell(principal, type, action);
          if (cell) byAction[action] = cell;
        }
        if (Object.keys(byAction).length) byType[type] = byAction;
      } else if (actions.has(query.action)) {
        const cell = cells.cell(principal, type, query.action);
        if (cell) byType[type] = cell;
      }
    }
    out[key] = byType;
  }
  return { action: query.action, can_edit: args.canEdit, actions: catalog.shown(), rows, columns, cells: out };
}
