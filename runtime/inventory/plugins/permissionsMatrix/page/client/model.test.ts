/**
 * The page's pending edits: a click grants what is not all granted and revokes what is, an edit
 * back to the matrix's own state is no edit, and the change set names principals by type and id.
 */
import { describe, expect, it } from 'vitest';
import { PendingEdits, visibleColumns, visibleItems, type Matrix } from './model.ts';

const matrix: Matrix = {
  action: '*',
  can_edit: true,
  actions: [],
  rows: [
    { object_type: 'dcim.rack', app_label: 'dcim', app_name: 'DCIM', label: 'Rack', enabled_actions: ['view', 'add'] },
    { object_type: 'dcim.site', app_label: 'dcim', app_name: 'DCIM', label: 'Site', enabled_actions: ['view', 'add'] },
    { object_type: 'core.datasource', app_label: 'core', app_name: 'Core', label: 'Data source', enabled_actions: ['view', 'sync'] },
  ],
  columns: [{ type: 'user', id: 9, key: 'user:9', name: 'alice' }, { type: 'group', id: 3, key: 'group:3', name: 'noc' }],
  cells: { 'group:3': { 'dcim.site': { view: { state: 'granted', perms: [] }, add: { state: 'constrained', perms: [] } } } },
};

describe('pending edits', () => {
  it('toggles a cell: grants what is not all granted, then revokes all; back to the matrix is no edit', () => {
    const edits = new PendingEdits(matrix);
    edits.toggle([{ column: 'group:3', objectType: 'dcim.site', actions: ['view', 'add'] }]);
    expect(edits.changes()).toEqual([{ principal: { type: 'group', id: 3 }, object_type: 'dcim.site', action: 'add', granted: true }]);
    edits.toggle([{ column: 'group:3', objectType: 'dcim.site', actions: ['view', 'add'] }]);
    expect(edits.changes()).toEqual([{ principal: { type: 'group', id: 3 }, object_type: 'dcim.site', action: 'view', granted: false }]);
    edits.toggle([{ column: 'group:3', objectType: 'dcim.site', actions: ['view'] }]);
    expect(edits.size).toBe(0);
  });

  it('a rebase onto a newer matrix drops edits it already holds', () => {
    const edits = new PendingEdits(matrix);
    edits.set('user:9', 'dcim.rack', 'view', true);
    edits.rebase({ ...matrix, cells: { ...matrix.cells, 'user:9': { 'dcim.rack': { view: { state: 'granted', perms: [] } } } } });
    expect(edits.size).toBe(0);
  });
});

describe('filters', () => {
  const filters = { action: '*', columns: 'both' as const, app: '', type: '', principal: '' };
  it('groups rows by app, keeps only types the action applies to, and filters by text', () => {
    expect(visibleItems(matrix, filters).map((i) => (i.kind === 'app' ? i.app : i.row.object_type))).toEqual(['dcim', 'dcim.rack', 'dcim.site', 'core', 'core.datasource']);
    expect(visibleItems(matrix, { ...filters, action: 'sync' }).map((i) => (i.kind === 'app' ? i.app : i.row.object_type))).toEqual(['core', 'core.datasource']);
    expect(visibleItems(matrix, { ...filters, type: 'site' }).length).toBe(2);
  });
  it('shows groups then users, or either, by name', () => {
    expect(visibleColumns(matrix, filters).map((c) => c.key)).toEqual(['group:3', 'user:9']);
    expect(visibleColumns(matrix, { ...filters, columns: 'users' }).map((c) => c.key)).toEqual(['user:9']);
    expect(visibleColumns(matrix, { ...filters, principal: 'NO' }).map((c) => c.key)).toEqual(['group:3']);
  });
});
