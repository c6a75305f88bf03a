/**
 * @module
 * A resource's `q` search from its mixins and its own `search`: a list adds, `replace` narrows to
 * exactly its entries (NetBox's PowerPanel: name and description only), `drop`/`add` edit the
 * inherited list; each wrong form or name is a positioned diagnostic.
 */
import { describe, expect, it } from 'vitest';
import { buildFrom } from '../../testdata/definitionSet.ts';
import { searchEntry } from './search.ts';

const mixins = `mixins:
  primary:
    fields:
      name: { type: string, max_length: 100 }
      description: { type: string, max_length: 200 }
      comments: { type: text }
    search: [name, description, comments]
`;

const panels = (search: string) => ({
  'choices.yaml': 'choice_sets: {}\n',
  'mixins.yaml': mixins,
  'dcim.yaml': `app: dcim
resources:
  power-panels:
    model: PowerPanel
    mixins: [primary]
    fields:
      name:
      label: { type: string, max_length: 64 }
${search}`,
});

const diagnosticsOf = (search: string) => buildFrom(panels(search)).diagnostics;

function searchOf(search: string) {
  const { ir, diagnostics } = buildFrom(panels(search));
  expect(diagnostics).toEqual([]);
  return ir!.inventory.resources.find((r) => r.key === 'dcim.power-panels')!.search;
}

describe('search', () => {
  it('adds a list to the inherited entries, without repeats', () => {
    expect(searchOf('    search: [label, name]\n')).toEqual([{ path: 'name' }, { path: 'description' }, { path: 'comments' }, { path: 'label' }]);
  });

  it('narrows to exactly the entries of `replace`', () => {
    expect(searchOf('    search: { replace: [name, description] }\n')).toEqual([{ path: 'name' }, { path: 'description' }]);
  });

  it('drops inherited entries and adds others', () => {
    expect(searchOf('    search: { drop: [comments], add: [=label] }\n')).toEqual([{ path: 'name' }, { path: 'description' }, { path: 'label', lookup: 'iexact' }]);
  });

  it('reports a drop of an entry that is not inherited, with the nearest inherited one', () => {
    expect(diagnosticsOf(('    search: { drop: [coments] }\n'))).toEqual([
      'definitions/dcim.yaml:9:22 E_UNKNOWN_FIELD search drop: "coments" is not an inherited search entry (inherited: name, description, comments); did you mean "comments"?',
    ]);
  });

  it('reports an unknown field in `replace` and `add` at the entry', () => {
    expect(diagnosticsOf(('    search: { replace: [name, lable] }\n'))).toEqual([
      'definitions/dcim.yaml:9:31 E_UNKNOWN_FIELD dcim.power-panels search: dcim.power-panels has no field `lable` (in `lable`); did you mean "label"?',
    ]);
    expect(diagnosticsOf(('    search: { drop: [comments], add: [lable] }\n'))).toEqual([
      'definitions/dcim.yaml:9:39 E_UNKNOWN_FIELD dcim.power-panels search: dcim.power-panels has no field `lable` (in `lable`); did you mean "label"?',
    ]);
  });

  it('reports a wrong form of `search` at it, naming the forms it takes', () => {
    expect(diagnosticsOf(('    search: { replace: [name], drop: [comments] }\n'))).toEqual([
      'definitions/dcim.yaml:9:13 E_INVALID_VALUE resources.power-panels.search: takes either `replace`, or `drop` (with `add` if needed)',
    ]);
    expect(diagnosticsOf(('    search: { replac: [name] }\n'))).toEqual([
      'definitions/dcim.yaml:9:15 E_UNKNOWN_KEY unknown key "replac" in resources.power-panels.search; did you mean "replace"?',
    ]);
    expect(diagnosticsOf(('    search: name\n'))).toEqual([
      'definitions/dcim.yaml:9:13 E_INVALID_VALUE resources.power-panels.search: must be a list of field paths, `{ replace: [...] }` or `{ drop: [...], add: [...] }`',
    ]);
    expect(diagnosticsOf(('    search: { replace: [Name] }\n'))).toEqual([
      'definitions/dcim.yaml:9:25 E_INVALID_VALUE resources.power-panels.search.replace.0: must be a field path, optionally prefixed with = or ^',
    ]);
  });
});

describe('searchEntry', () => {
  it('reads the lookup from a prefix or a suffix', () => {
    expect(searchEntry('name')).toEqual({ path: 'name' });
    expect(searchEntry('=name')).toEqual({ path: 'name', lookup: 'iexact' });
    expect(searchEntry('^address')).toEqual({ path: 'address', lookup: 'istartswith' });
    expect(searchEntry('prefix__net_contains_or_equals')).toEqual({ path: 'prefix', lookup: 'net_contains_or_equals' });
    expect(searchEntry('site__name')).toEqual({ path: 'site__name' });
  });
});
