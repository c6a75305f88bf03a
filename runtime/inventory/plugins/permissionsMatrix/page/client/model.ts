/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * What the page holds: the matrix as matrix/?action=* returned it, the filters, and the pending
 * edits — cells to grant or revoke, keyed by column, object type and action — from which the
 * change set sent to plan/ is made. Pure: no DOM, so the rules of a click are easy to follow.
 */

export interface Row { object_type: string; app_label: string; app_name: string; label: string; enabled_actions: string[] }
export interface Column { type: 'group' | 'user'; id: number; key: string; name: string }
export interface ActionInfo { name: string; label: string; custom: boolean; freeform: boolean; help_text: string }
export interface CellInfo { state: string; perms: { id: number; name: string; enabled: boolean; constrained: boolean }[]; inherited?: { state: string; groups: string[] } }
export interface Matrix {
  action: string;
  can_edit: boolean;
  actions: ActionInfo[];
  rows: Row[];
  columns: Column[];
  /** cells[column key][object type][action] (action *). */
  cells: Record<string, Record<string, Record<string, CellInfo>>>;
}

export interface Change { principal: { type: 'group' | 'user'; id: number }; object_type: string; action: string; granted: boolean }

export type Item = { kind: 'app'; app: string; label: string } | { kind: 'type'; row: Row };

/** `layout`: object types as rows and principals as columns (`types`, the default), or switched (`principals`). */
export interface Filters { action: string; columns: 'groups' | 'users' | 'both'; app: string; type: string; principal: string; layout?: 'types' | 'principals' }

/** The rows shown: each app's header, then its types that pass the filters. */
export function visibleItems(matrix: Matrix, filters: Filters): Item[] {
  const type = filters.type.trim().toLowerCase();
  const items: Item[] = [];
  let lastApp = '';
  for (const row of matrix.rows) {
    if (filters.app && row.app_label !== filters.app) continue;
    if (type && !row.object_type.toLowerCase().includes(type) && !row.label.toLowerCase().includes(type)) continue;
    if (filters.action !== '*' && !row.enabled_actions.includes(filters.action)) continue;
    if (row.app_label !== lastApp) {
      items.push({ kind: 'app', app: row.app_label, label: row.app_name });
      lastApp = row.app_label;
    }
    items.push({ kind: 'type', row });
  }
  return items;
}

/** The columns shown: groups, users or both (groups first), whose name contains the principal filter. */
export function visibleColumns(matrix: Matrix, filters: Filters): Column[] {
  const text = filters.principal.trim().toLowerCase();
  const wanted = (c: Column) => (filters.columns === 'both' || (filters.columns === 'groups') === (c.type === 'group')) && (!text || c.name.toLowerCase().includes(text));
  const shown = matrix.columns.filter(wanted);
  return [...shown.filter((c) => c.type === 'group'), ...shown.filter((c) => c.type === 'user')];
}

/** The actions a cell of `row` shows under the action filter. */
export const actionsOf = (row: Row, action: string): string[] => (action === '*' ? row.enabled_actions : row.enabled_actions.includes(action) ? [action] : []);

const keyOf = (column: string, objectType: string, action: string) => `${column}\u0000${objectType}\u0000${action}`;

export class PendingEdits {
  /** Wanted state of each edited cell: true grant, false revoke. Only cells that differ from the matrix. */
  readonly wanted = new Map<string, boolean>();

  constructor(private matrix: Matrix) {}

  /** The same edits over a newer matrix (its users' columns came): those it already holds are dropped. */
  rebase(matrix: Matrix): void {
    this.matrix = matrix;
    for (const [key, want] of this.wanted) {
      const [column, objectType, action] = key.split('\u0000');
      if (want === this.granted(column, objectType, action)) this.wanted.delete(key);
    }
  }

  granted(column: string, objectType: string, action: string): boolean {
    return this.matrix.cells[column]?.[objectType]?.[action]?.state === 'granted';
  }

  /** The cell's state once the pending edits are applied (true: granted without constraint). */
  effective(column: string, objectType: string, action: string): boolean {
    return this.wanted.get(keyOf(column, objectType, action)) ?? this.granted(column, objectType, action);
  }

  pending(column: string, objectType: string, action: string): boolean | undefined {
    return this.wanted.get(keyOf(column, objectType, action));
  }

  set(column: string, objectType: string, action: string, want: boolean): void {
    const key = keyOf(column, objectType, action);
    if (want === this.granted(column, objectType, action)) this.wanted.delete(key);
    else this.wanted.set(key, want);
  }

  /**
   * A click on a set of cells (one cell, a row, a column) with the actions shown: when every one of
   * them is granted it revokes them all, otherwise it grants them all.
   */
  toggle(cells: { column: string; objectType: string; actions: string[] }[]): void {
    const all = cells.every((c) => c.actions.every((a) => this.effective(c.column, c.objectType, a)));
    for (const c of cells) for (const a of c.actions) this.set(c.column, c.objectType, a, !all);
  }

  get size(): number {
    return this.wanted.size;
  }

  /** The change set for plan/ and apply/. */
  changes(): Change[] {
    const principals = new Map(this.matrix.columns.map((c) => [c.key, { type: c.type, id: c.id }]));
    return [...this.wanted].map(([key, granted]) => {
      const [column, objectType, action] = key.split('\u0000');
      return { principal: principals.get(column)!, object_type: objectType, action, granted };
    });
  }
}
