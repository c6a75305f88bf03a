/**
 * @module
 * GET principal/: one group or user across every action — its rows with `enabled_actions`, a
 * column per action (simple and others), `cells[object type][action]` — and what NetBox makes of
 * a superuser (everything) or an inactive user (nothing) whatever the cells say.
 */
import type { ActionCatalog } from './actions.ts';
import type { Cell, CellIndex } from './cells.ts';
import type { Column } from './matrixView.ts';
import { displayName, principalKey, type MatrixState, type PrincipalRef } from './model.ts';
import { permissionView } from './permissionView.ts';
import type { Row } from './rows.ts';

/** NetBox's evaluation of a superuser or an inactive user, as a plan warning or a principal/ note. */
export function principalWarnings(state: MatrixState, p: PrincipalRef): string[] {
  if (p.type !== 'user') return [];
  const user = state.users.get(p.id);
  if (!user) return [];
  const warnings: string[] = [];
  if (user.isSuperuser) warnings.push(`${user.username} is a superuser: NetBox gives a superuser every permission, whatever the matrix shows.`);
  if (!user.isActive) warnings.push(`${user.username} is inactive: NetBox gives an inactive user no permission, whatever the matrix shows.`);
  return warnings;
}

export function buildPrincipal(args: { state: MatrixState; cells: CellIndex; catalog: ActionCatalog; rows: Row[]; principal: PrincipalRef; canEdit: boolean; origin: string }) {
  const { state, cells, catalog, rows, principal, origin } = args;
  const key = principalKey(principal);
  const name = displayName(state, principal);
  const columns: Record<string, Column> = {};
  for (const { name: action } of catalog.list) {
    const simple = cells.simple(principal, action);
    columns[action] = {
      type: principal.type,
      id: principal.id,
      key,
      name,
      simple: simple ? permissionView(state, simple, origin) : null,
      others: cells.others(principal, action).map((p) => permissionView(state, p, origin)),
    };
  }
  const shownTypes = new Set(rows.map((r) => r.object_type));
  const out: Record<string, Record<string, Cell>> = {};
  for (const [type, actions] of cells.coveredCells(principal)) {
    if (!shownTypes.has(type)) continue;
    const byAction: Record<string, Cell> = {};
    for (const { name: action } of catalog.list) {
      if (!actions.has(action)) continue;
      const cell = cells.cell(principal, type, action);
      if (cell) byAction[action] = cell;
    }
    if (Object.keys(byAction).length) out[type] = byAction;
  }
  return {
    principal: { type: principal.type, id: principal.id, key, name },
    can_edit: args.canEdit,
    warnings: principalWarnings(state, principal),
    actions: catalog.shown(),
    rows,
    columns,
    cells: out,
  };
}
