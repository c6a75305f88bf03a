/**
 * export/ and import/ (rules §8): the file export/ writes, and the changes import/ makes of one —
 * entries naming unknown principals, types or actions are skipped; constrained cells are left
 * alone; only the cells a principal is named with or holds are looked at.
 */
import { describe, expect, it } from 'vitest';
import { CellIndex } from './cells.ts';
import { exportYaml } from './exportYaml.ts';
import { fixtureCatalog, fixtureState, RESOURCES } from '../../../testing/permissionsMatrix/fixtures.ts';
import { readImportFile } from './importFile.ts';
import { importChanges } from './importYaml.ts';
import { buildRows, objectTypes } from './rows.ts';

describe('export and import', () => {
  const state = fixtureState({
    groups: [[1, 'noc'], [2, 'ops'], [3, 'hidden']],
    users: [[10, 'alice', [1]]],
    visibleGroups: [1, 2],
    permissions: [
      { id: 1, name: 'noc_va', object_types: ['dcim.site'], actions: ['view', 'add'], groups: [1] },
      { id: 2, name: 'noc constrained', object_types: ['dcim.rack'], actions: ['view'], groups: [1], constraints: { id: 1 } },
      { id: 3, name: 'hidden_v', object_types: ['dcim.site'], actions: ['view'], groups: [3] },
      { id: 4, name: 'alice', object_types: ['ipam.prefix'], actions: ['view'], users: [10] },
    ],
  });
  const catalog = fixtureCatalog(state);
  const rows = buildRows(objectTypes(RESOURCES), catalog, '*', null);
  const cells = new CellIndex(state);

  it('exports the direct granted cells of every column by name, hidden principals left out', async () => {
    const text = exportYaml(state, cells, catalog, rows, { action: '*', includeUsers: true, groupIds: null, userIds: null, appLabels: null });
    expect(text).toBe(`version: 1
actions: [ view, add, change, delete, render_config, sync ]
groups:
  noc:
    dcim.site: [ view, add ]
  ops: {}
users:
  alice:
    ipam.prefix: [ view ]
`);
  });

  it('imports a file into the changes that make each named principal equal to it, for the actions it lists', async () => {
    const file = await readImportFile(`version: 1
actions: [view, add]
groups:
  noc:
    dcim.site: [view]
    dcim.rack: [view]
    dcim.device: [add, sync, change]
    dcim.nothing: [view]
  hidden:
    dcim.site: [view]
  nobody: {}
users:
  alice: {}
`);
    const result = importChanges(file, state, cells, catalog, rows);
    expect(result.changes.map((c) => `${c.name} ${c.object_type} ${c.action} ${c.granted}`)).toEqual([
      'noc dcim.device add true',
      'noc dcim.site add false',
      'alice ipam.prefix view false',
    ]);
    expect(result.warnings).toEqual(['noc: view on dcim.rack is constrained; left unchanged (a grant would widen a permission an administrator wrote).']);
    expect(result.errors).toEqual([
      'groups.noc.dcim.device: "sync" is not among the file\'s actions; skipped.',
      'groups.noc.dcim.device: "change" is not among the file\'s actions; skipped.',
      'groups.noc.dcim.nothing: unknown object type; skipped.',
      'groups.hidden: unknown group; skipped.',
      'groups.nobody: unknown group; skipped.',
    ]);
  });

  it('looks only at the cells a principal is listed with or holds, however many actions and app labels the file names (n and 4n)', async () => {
    const held = fixtureState({ groups: [[1, 'noc']], permissions: [{ id: 1, name: 'noc zap', object_types: ['dcim.site', 'ipam.prefix'], actions: ['zap'], groups: [1] }] });
    const heldRows = buildRows(objectTypes(RESOURCES), fixtureCatalog(held), '*', null);
    for (const n of [10_000, 40_000]) {
      const actions = ['view', 'zap', ...Array.from({ length: n }, (_, i) => `x${i}`)];
      const labels = ['dcim', ...Array.from({ length: n }, (_, i) => `app${i}`)];
      const file = await readImportFile(`version: 1\nactions: [${actions.join(', ')}]\napp_labels: [${labels.join(', ')}]\ngroups:\n  noc:\n    dcim.site: [x${n - 1}]\n    ipam.prefix: [view]\n  nobody: {}\n`);
      const result = importChanges(file, held, new CellIndex(held), fixtureCatalog(held), heldRows);
      // ipam is out of the file's apps: its cells are neither granted nor revoked.
      expect(result.changes.map((c) => `${c.object_type} ${c.action} ${c.granted}`)).toEqual(['dcim.site zap false', `dcim.site x${n - 1} true`]);
      expect(result.errors).toHaveLength(n + 1);
      expect(result.errors[n - 1]).toBe(`app_labels: unknown app "app${n - 1}"; skipped.`);
      expect(result.errors[n]).toBe('groups.nobody: unknown group; skipped.');
    }
  }, 120_000);
});

