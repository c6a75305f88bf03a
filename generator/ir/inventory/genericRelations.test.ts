/**
 * Generic relations: one definition entry becomes NetBox's three API fields, with the targets
 * checked like any other relation.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';

const withNotes = (targets: string) =>
  `${baseDefinitions['shop.yaml']}  notes:
    model: Note
    fields:
      about: { type: generic_fk, required: true, targets: [${targets}] }
      text: { type: text, required: true }
    display: "{text}"
`;

describe('generic_fk fields', () => {
  it('expand into <name>_type, <name>_id and the read-only related object', () => {
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': withNotes('shop.shelves, shop.books') });
    expect(diagnostics).toEqual([]);
    const notes = ir!.inventory.resources.find((r) => r.key === 'shop.notes')!;
    const [type, id, object] = notes.fields.filter((f) => f.name.startsWith('about'));
    const generic = { typeField: 'about_type', idField: 'about_id', targets: ['shop.shelves', 'shop.books'] };
    expect(type).toMatchObject({ name: 'about_type', kind: 'object_type', column: 'about_type', required: true, readOnly: false, generic });
    expect(id).toMatchObject({ name: 'about_id', kind: 'integer', column: 'about_id', required: true, readOnly: false });
    expect(object).toMatchObject({ name: 'about', kind: 'generic_fk', column: null, readOnly: true, onDelete: 'cascade', generic });
    const filters = notes.filters.filter((f) => f.name.startsWith('about'));
    expect(filters.map((f) => [f.name, f.kind, f.path])).toEqual([
      ['about_id', 'number', 'about_id'],
      ['about_type', 'content_type', 'about_type'],
    ]);
    expect(filters[0].lookups).toEqual(['n', 'lte', 'lt', 'gte', 'gt', 'empty']);
    expect(filters[1].lookups).toContain('n');
    // The related object itself is read-only and derives no filter.
    expect(notes.filters.map((f) => f.name)).not.toContain('about');
    // No database foreign key: the delete collector follows the relation graph instead.
    expect(ir!.inventory.relations.filter((r) => r.resource === 'shop.notes')).toEqual([
      { resource: 'shop.notes', field: 'about', kind: 'generic', targets: ['shop.books', 'shop.shelves'], onDelete: 'cascade' },
    ]);
  });

  it('name the written pair apart from the object with `pair`', () => {
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': withNotes('shop.shelves').replace('about: { type: generic_fk,', 'about: { type: generic_fk, pair: about_object,') });
    expect(diagnostics).toEqual([]);
    const notes = ir!.inventory.resources.find((r) => r.key === 'shop.notes')!;
    expect(notes.fields.filter((f) => f.name.startsWith('about')).map((f) => [f.name, f.kind, f.column])).toEqual([
      ['about_object_type', 'object_type', 'about_object_type'],
      ['about_object_id', 'integer', 'about_object_id'],
      ['about', 'generic_fk', null],
    ]);
    expect(notes.fields.find((f) => f.name === 'about')!.generic).toEqual({ typeField: 'about_object_type', idField: 'about_object_id', targets: ['shop.shelves'] });
    expect(notes.filters.filter((f) => f.name.startsWith('about')).map((f) => f.name)).toEqual(['about_object_id', 'about_object_type']);
  });

  it('report unknown targets and a missing target list at their place', () => {
    expect(diagnosticsWith({ 'shop.yaml': withNotes('shop.shelves, shop.bins') })).toEqual([
      'definitions/shop.yaml:18:74 E_UNKNOWN_TARGET shop.notes.about: unknown generic_fk target "shop.bins"; did you mean "shop.books"?',
    ]);
    expect(diagnosticsWith({ 'shop.yaml': withNotes('').replace(', targets: []', '') })).toEqual([
      'definitions/shop.yaml:18:14 E_MISSING_KEY shop.notes.about: a generic_fk field needs "targets"',
    ]);
  });

  it('point at every resource with `targets: any` (a ContentTypeField over every content type)', () => {
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': withNotes('x').replace('[x]', 'any') });
    expect(diagnostics).toEqual([]);
    const { resources } = ir!.inventory;
    const notes = resources.find((r) => r.key === 'shop.notes')!;
    expect(notes.fields.find((f) => f.name === 'about')!.generic!.targets).toEqual(resources.map((r) => r.key).sort());
    expect(notes.fields.find((f) => f.name === 'about')!.generic!.targets).toContain('shop.notes');
  });

  it('reach the row only from the targets with a GenericRelation back (`generic_relations`)', () => {
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': withNotes('shop.shelves, shop.books').replace('required: true, targets', 'required: true, generic_relations: [shop.books], targets') });
    expect(diagnostics).toEqual([]);
    const notes = ir!.inventory.resources.find((r) => r.key === 'shop.notes')!;
    expect(notes.fields.find((f) => f.name === 'about')!.generic).toEqual({ typeField: 'about_type', idField: 'about_id', targets: ['shop.shelves', 'shop.books'], relations: ['shop.books'] });
    // A delete of a shelf leaves its notes naming it; a delete of a book deletes them.
    expect(ir!.inventory.relations.filter((r) => r.resource === 'shop.notes')).toEqual([
      { resource: 'shop.notes', field: 'about', kind: 'generic', targets: ['shop.books'], onDelete: 'cascade' },
    ]);
    expect(diagnosticsWith({ 'shop.yaml': withNotes('shop.shelves').replace('required: true, targets', 'required: true, generic_relations: [shop.books], targets') })).toEqual([
      'definitions/shop.yaml:18:70 E_UNKNOWN_TARGET shop.notes.about: generic relation "shop.books" is not one of the field\'s targets',
    ]);
  });

  it('leave the id optional and nullable beside a required type with `optional_id`', () => {
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': withNotes('shop.shelves').replace('required: true, targets', 'required: true, optional_id: true, targets') });
    expect(diagnostics).toEqual([]);
    const notes = ir!.inventory.resources.find((r) => r.key === 'shop.notes')!;
    const [type, id] = notes.fields.filter((f) => f.name.startsWith('about'));
    expect([type.required, type.nullable]).toEqual([true, false]);
    expect([id.required, id.nullable]).toEqual([false, true]);
  });

  describe('with `targets: { feature }`', () => {
    // `noted` is a marker mixin (NetBox's JournalingMixin): shelves have it directly, books through `named-noted`.
    const featured = (feature: string, books = 'named-noted') => ({
      ...baseDefinitions,
      'mixins.yaml': `${baseDefinitions['mixins.yaml']}  noted: {}
  named-noted:
    mixins: [named, noted]
`,
      'shop.yaml': withNotes('x').replace('[x]', `{ feature: ${feature} }`).replace('mixins: [named]\n    fields:\n      shelf', `mixins: [${books}]\n    fields:\n      shelf`).replace('    mixins: [named]\n    fields:\n      name:', '    mixins: [named, noted]\n    fields:\n      name:'),
    });

    it('point at every resource built on that mixin, directly or through another', () => {
      const { ir, diagnostics } = buildFrom(featured('noted'));
      expect(diagnostics).toEqual([]);
      const notes = ir!.inventory.resources.find((r) => r.key === 'shop.notes')!;
      expect(notes.fields.find((f) => f.name === 'about')!.generic!.targets).toEqual(['shop.books', 'shop.shelves']);
      expect(notes.fields.find((f) => f.name === 'about_type')!.generic!.targets).toEqual(['shop.books', 'shop.shelves']);
      // A resource without the mixin is no target.
      const { ir: narrow } = buildFrom(featured('noted', 'named'));
      expect(narrow!.inventory.resources.find((r) => r.key === 'shop.notes')!.fields.find((f) => f.name === 'about')!.generic!.targets).toEqual(['shop.shelves']);
    });

    it('report an unknown feature, and one no resource has', () => {
      expect(buildFrom(featured('journaled')).diagnostics).toEqual([
        'definitions/shop.yaml:18:70 E_UNKNOWN_MIXIN shop.notes.about: unknown feature "journaled" (a feature is a mixin name)',
      ]);
      const unused = featured('noted');
      unused['mixins.yaml'] += '  unused: {}\n';
      expect(buildFrom({ ...unused, 'shop.yaml': unused['shop.yaml'].replace('feature: noted', 'feature: unused') }).diagnostics).toEqual([
        'definitions/shop.yaml:18:70 E_UNKNOWN_TARGET shop.notes.about: no resource has feature "unused"',
      ]);
    });
  });
});
