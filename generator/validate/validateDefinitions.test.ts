/**
 * @module
 * Load and validate diagnostics: each broken file must produce the exact `file:line:col CODE message`
 * line, pointing at the key (unknown keys), the parent mapping (missing keys) or the value (wrong
 * types), and a run must report every problem of every file at once.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../load/yamlSource.ts';
import { baseDefinitions, diagnosticsWith } from '../testdata/definitionSet.ts';
import { appFileSchema } from './definitionSchema.ts';
import { validateSource } from './validateDefinitions.ts';

describe('definition diagnostics (load + validate)', () => {
  it('accepts the base definition set', () => {
    expect(diagnosticsWith({})).toEqual([]);
  });

  it('reports a YAML syntax error at its position, and where an unclosed bracket opened', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields: { name: { type: string }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:6:1 E_YAML Flow map in block collection must be sufficiently indented and end with a } (the { at line 5, column 13 is not closed)']);
  });

  it('reports a tab once, at the tab, with a hint, not the errors that follow from it', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
  \tfields:
      name: { type: string }
      width: { type: integer }
  books:
\t\tmodel: Book
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:5:3 E_YAML Tabs are not allowed as indentation; indent with spaces (tabs also indent line 9)']);
  });

  it('reports a badly indented key at the key, not at column 1', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
   width: { type: integer }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:7:4 E_YAML All mapping items must start at the same column']);
  });

  it('reports an over-indented key once, at the line that broke the key above', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
     verbose_name: shelf
    fields:
      name: { type: string }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:5:6 E_YAML Implicit keys need to be on a single line; this line is indented deeper than its neighbours, so it continues the value on line 4']);
  });

  it('keeps every duplicate key, each a mistake of its own', () => {
    const lines = diagnosticsWith({ 'shop.yaml': `app: shop\nresources:\n  shelves:\n    model: Shelf\n    model: Rack\n  shelves:\n    model: Box\n` });
    expect(lines).toEqual(['definitions/shop.yaml:5:5 E_YAML Map keys must be unique', 'definitions/shop.yaml:6:3 E_YAML Map keys must be unique']);
  });

  it('reports a missing required key at the parent mapping', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    verbose_name: shelf
    fields:
      name: { type: string }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:4:5 E_MISSING_KEY missing required key "model" in resources.shelves']);
  });

  it('reports a missing key of a nested entry at that entry', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { max_length: 10 }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:6:13 E_MISSING_KEY missing required key "type" in resources.shelves.fields.name']);
  });

  it('reports an unknown key at the key itself', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string, max_lenght: 100 }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:6:29 E_UNKNOWN_KEY unknown key "max_lenght" in resources.shelves.fields.name; did you mean "max_length"?']);
  });

  it('reports an unknown top-level key, without a cascade into the files using that file', () => {
    const lines = diagnosticsWith({ 'mixins.yaml': `mixins: {}\nmixin:\n  x: {}\n` });
    expect(lines).toEqual(['definitions/mixins.yaml:2:1 E_UNKNOWN_KEY unknown key "mixin"; did you mean "mixins"?']);
  });

  it('reports a value of the wrong type at the value', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      width: { type: integer, required: "yes" }
`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:6:41 E_INVALID_VALUE resources.shelves.fields.width.required: Invalid input: expected boolean, received string']);
  });

  it('reports an unknown field type and a malformed model name at their values', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: shelf
    fields:
      width: { type: float }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:4:12 E_INVALID_VALUE resources.shelves.model: must be a PascalCase model name',
      expect.stringMatching(/^definitions\/shop\.yaml:6:22 E_INVALID_VALUE resources\.shelves\.fields\.width\.type: must be one of string, text, slug, /),
    ]);
  });

  it('names every field kind in the message about an unknown type, but not the internal ones', () => {
    const [line] = diagnosticsWith({ 'shop.yaml': `app: shop\nresources:\n  shelves:\n    model: Shelf\n    fields:\n      width: { type: float }\n` });
    const kinds = line.replace(/^.*must be one of /, '').split(', ');
    expect(kinds).toEqual(expect.arrayContaining(['string', 'integer', 'choice', 'fk', 'm2m', 'generic_fk', 'tags', 'count']));
    for (const internal of ['id', 'url', 'display_url', 'display', 'object_type']) expect(kinds).not.toContain(internal);
  });

  it('reports a key that does not apply to the field type at the key, in app files and in mixins', () => {
    const lines = diagnosticsWith({
      'mixins.yaml': `mixins:
  named:
    fields:
      name: { type: string, max_length: 100, required: true, choices: StatusChoices }
`,
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named]
    fields:
      name:
      status: { type: choice, choices: StatusChoices, max_length: 10 }
  books:
    model: Book
    fields:
      shelf: { type: fk, target: shop.shelves, max_length: 10, on_delete: protect }
      pages: { type: integer, min_value: 1, digits: [4, 0] }
`,
    });
    expect(lines).toEqual([
      'definitions/mixins.yaml:4:62 E_UNKNOWN_KEY key "choices" does not apply to a field of type string (in mixins.named.fields.name)',
      'definitions/shop.yaml:8:55 E_UNKNOWN_KEY key "max_length" does not apply to a field of type choice (in resources.shelves.fields.status)',
      'definitions/shop.yaml:12:48 E_UNKNOWN_KEY key "max_length" does not apply to a field of type fk (in resources.books.fields.shelf)',
      'definitions/shop.yaml:13:45 E_UNKNOWN_KEY key "digits" does not apply to a field of type integer (in resources.books.fields.pages)',
    ]);
  });

  it('accepts the keys of each field type (choices on choice, on_delete on fk, digits on decimal, via on count)', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named]
    fields:
      name:
      status: { type: choice, choices: StatusChoices, labelled: false, blank: true }
      book_count: { type: count, target: shop.books, via: shelf }
  books:
    model: Book
    mixins: [named]
    fields:
      shelf: { type: fk, target: shop.shelves, on_delete: protect, nullable: true }
      price: { type: decimal, digits: [6, 2], min_value: 0 }
`,
    });
    expect(lines).toEqual([]);
  });

  it('reports malformed resource paths and field names at the key', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  Shelves:
    model: Shelf
  boxes:
    model: Box
    fields:
      widthInCm: { type: integer }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:3:3 E_INVALID_VALUE resources.Shelves: must be a kebab-case path segment',
      'definitions/shop.yaml:8:7 E_INVALID_VALUE resources.boxes.fields.widthInCm: must be a snake_case name',
    ]);
  });

  it('reports an empty file as a wrong document', () => {
    expect(diagnosticsWith({ 'shop.yaml': '# nothing yet\n' })).toEqual(['definitions/shop.yaml:1:1 E_INVALID_VALUE (document): Invalid input: expected object, received null']);
  });

  it('collects every error of every file in one run, sorted by place', () => {
    const lines = diagnosticsWith({
      'choices.yaml': `choice_sets:\n  StatusChoices: [ [ active ] ]\n`,
      'mixins.yaml': `mixins:\n  named:\n    feilds: {}\n`,
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string, required: maybe }
      width: { type: integer, colour: red }
  books:
    fields: {}
`,
      'zoo.yaml': `app: zoo\nresources: [\n`,
    });
    expect(lines).toEqual([
      'definitions/choices.yaml:2:20 E_INVALID_VALUE choice_sets.StatusChoices.0: Too small: expected array to have >=2 items',
      'definitions/mixins.yaml:3:5 E_UNKNOWN_KEY unknown key "feilds" in mixins.named; did you mean "fields"?',
      'definitions/shop.yaml:6:39 E_INVALID_VALUE resources.shelves.fields.name.required: Invalid input: expected boolean, received string',
      'definitions/shop.yaml:7:31 E_UNKNOWN_KEY unknown key "colour" in resources.shelves.fields.width',
      'definitions/shop.yaml:9:5 E_MISSING_KEY missing required key "model" in resources.books',
      'definitions/zoo.yaml:3:1 E_YAML Flow sequence in block collection must be sufficiently indented and end with a ] (the [ at line 2, column 12 is not closed)',
    ]);
  });

  it('keeps the base files valid when one file is broken (no cascade of errors)', () => {
    const lines = diagnosticsWith({ 'extra.yaml': `app: extra\nresources:\n  things:\n    model: Thing\n    fields:\n      owner: { type: fk, target: shop.shelves, on_delete: explode }\n` });
    expect(lines).toEqual(['definitions/extra.yaml:6:59 E_INVALID_VALUE resources.things.fields.owner.on_delete: Invalid option: expected one of "cascade"|"set_null"|"protect"|"do_nothing"']);
  });
});

describe('did you mean (load + validate)', () => {
  it('suggests the allowed key nearest to an unknown one, at every level of a file, and does not report the misspelt required key missing as well', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    modle: Shelf
    fields:
      name: { type: string, max_length: 100, nulable: true }
    filters:
      name_x: { kind: char, pth: name }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:4:5 E_UNKNOWN_KEY unknown key "modle" in resources.shelves; did you mean "model"?',
      'definitions/shop.yaml:6:46 E_UNKNOWN_KEY unknown key "nulable" in resources.shelves.fields.name; did you mean "nullable"?',
      'definitions/shop.yaml:8:29 E_UNKNOWN_KEY unknown key "pth" in resources.shelves.filters.name_x; did you mean "path"?',
    ]);
  });

  it('suggests the option nearest to a misspelt value of a fixed set', () => {
    const [line] = diagnosticsWith({ 'shop.yaml': `app: shop\nresources:\n  books:\n    model: Book\n    routes: readonly\n` });
    expect(line).toBe('definitions/shop.yaml:5:13 E_INVALID_VALUE resources.books.routes: Invalid option: expected one of "full"|"read-only"|"no-bulk"|"no-create"|"list-only"|"none"; did you mean "read-only"?');
  });

  it('suggests nothing for a key near no allowed one', () => {
    const [line] = diagnosticsWith({ 'mixins.yaml': `mixins:
  named:
    colours: {}
` });
    expect(line).toBe('definitions/mixins.yaml:3:5 E_UNKNOWN_KEY unknown key "colours" in mixins.named');
  });

  it('suggests the key the field type takes for one it does not (targets on an fk)', () => {
    const [line] = diagnosticsWith({
      'shop.yaml': `app: shop\nresources:\n  books:\n    model: Book\n    fields:\n      shelf: { type: fk, targets: [shop.books] }\n`,
    });
    expect(line).toBe('definitions/shop.yaml:6:26 E_UNKNOWN_KEY key "targets" does not apply to a field of type fk (in resources.books.fields.shelf); did you mean "target"?');
  });

  it('suggests the field kind and filter kind nearest to an unknown one', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop\nresources:\n  books:\n    model: Book\n    fields:\n      pages: { type: integr }\n    filters:\n      pages_x: { kind: nuber, path: pages }\n`,
    });
    expect(lines).toEqual([
      expect.stringMatching(/^definitions\/shop\.yaml:6:22 E_INVALID_VALUE resources\.books\.fields\.pages\.type: must be one of string, .*; did you mean "integer"\?$/),
      expect.stringMatching(/^definitions\/shop\.yaml:8:24 E_INVALID_VALUE resources\.books\.filters\.pages_x\.kind: must be one of .*; did you mean "number"\?$/),
    ]);
  });
});

describe('validateSource', () => {
  it('returns the parsed value and no diagnostics for a valid file', () => {
    const { source } = parseYamlSource('definitions/shop.yaml', baseDefinitions['shop.yaml']);
    const result = validateSource(source, appFileSchema);
    expect(result.diagnostics).toEqual([]);
    expect(Object.keys(result.value!.resources)).toEqual(['shelves', 'books']);
    expect(result.value!.resources.shelves.fields!.name).toBeNull();
  });
});
