/**
 * export/ and import/ (rules §8): the file shape, and reading it safely — empty, malformed,
 * aliased, wrong-version, oversized files are refused with the place of the problem; entries
 * naming unknown principals, types or actions are skipped; constrained cells are left alone.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { CellIndex } from './cells.ts';
import { exportYaml } from './exportYaml.ts';
import { fixtureCatalog, fixtureState, RESOURCES } from './fixtures.ts';
import { importChanges, MAX_BYTES, readImportFile } from './importYaml.ts';
import { buildRows, objectTypes } from './rows.ts';

const refusal = (text: unknown) => {
  try {
    readImportFile(text);
  } catch (error) {
    return (error as ApiError).body as { yaml: string[] };
  }
  return null;
};

describe('readImportFile', () => {
  it('refuses a missing, empty or non-string file', () => {
    expect(refusal(undefined)).toEqual({ yaml: ['This field is required.'] });
    expect(refusal('  \n')).toEqual({ yaml: ['This field may not be blank.'] });
    expect(refusal(7)).toEqual({ yaml: ['Not a valid string.'] });
  });

  it('refuses text that is no YAML, with its line and column', () => {
    expect(refusal('version: 1\nactions: [view\ngroups: {}\n')!.yaml[0]).toMatch(/^Not valid YAML \(line \d+, column \d+\): /);
    expect(refusal('version: 1\nversion: 2\n')!.yaml[0]).toMatch(/^Not valid YAML \(line 2, column 1\): Map keys must be unique/);
  });

  it('refuses anchors and aliases before expanding anything (no billion laughs)', () => {
    const laughs = 'a: &a [lol, lol]\nb: &b [*a, *a]\nc: [*b, *b]\nversion: 1\n';
    expect(refusal(laughs)).toEqual({ yaml: ['Anchors and aliases are not allowed (line 1, column 7).'] });
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  noc: &x {}\n')!.yaml[0]).toMatch(/^Anchors and aliases are not allowed \(line 4/);
  });

  it('refuses a wrong version or top-level shape', () => {
    expect(refusal('version: 2\nactions: [view]\n')).toEqual({ yaml: ['version must be 1 (this file says 2).'] });
    expect(refusal('- version: 1\n')).toEqual({ yaml: ['The file must be a mapping with version, actions, groups and users.'] });
    expect(refusal('version: 1\nactions: view\n')).toEqual({ yaml: ['actions must be a list of action names.'] });
    expect(refusal('version: 1\nactions: [view]\ngroups:\n  noc:\n    dcim.site: view\n')).toEqual({ yaml: ['groups.noc.dcim.site must be a list of actions.'] });
    expect(refusal('version: 1\nactions: [view]\npeople: {}\n')).toEqual({ yaml: ['Unknown key(s): people.'] });
  });

  it('refuses files over 1 MiB or 100,000 cells', () => {
    expect(refusal(`version: 1\nactions: [view]\n#${'x'.repeat(MAX_BYTES)}\n`)!.yaml[0]).toMatch(/larger than 1 MiB/);
    const types = Array.from({ length: 1001 }, (_, i) => `    t.m${i}: [view, add, change, delete, a, b, c, d, e, f]`).join('\n');
    const groups = Array.from({ length: 10 }, (_, i) => `  g${i}:\n${types}`).join('\n');
    expect(refusal(`version: 1\nactions: [view]\ngroups:\n${groups}\n`)).toEqual({ yaml: ['The file lists more than 100000 cells.'] });
  });
});

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

  it('exports the direct granted cells of every column by name, hidden principals left out', () => {
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

  it('imports a file into the changes that make each named principal equal to it, for the actions it lists', () => {
    const file = readImportFile(`version: 1
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
});
