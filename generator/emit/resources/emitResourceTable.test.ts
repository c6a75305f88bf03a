/**
 * The resource table's layout: valid JSON equal to the table as data, and one line for each field,
 * filter, unique constraint, choice and relation, so that a `--check` diff names what changed.
 * (The whole file for generator/testdata/small is also a golden file of generator/pipeline.test.ts.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InventoryTable } from '../../../runtime/contract/index.ts';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { repositoryRoot } from '../../testdata/definitionSet.ts';
import { emitResourceTable, RESOURCE_TABLE_PATH } from './emitResourceTable.ts';

const small = projectPaths(join(repositoryRoot, 'generator/testdata/small'));
const [file] = emitResourceTable(buildProjectIR({ ...small, templates: join(repositoryRoot, 'templates') }).inventory);
const lines = file.contents.split('\n');
const table = JSON.parse(file.contents) as InventoryTable;

/** The lines of `block` that hold `text` alone (trimmed, without the comma that ends them). */
const count = (block: string[], text: string) => block.filter((line) => line.trim().replace(/,$/, '') === text).length;

/** The lines of one resource's entry. */
function resourceLines(key: string): string[] {
  const start = lines.indexOf(`      "key": ${JSON.stringify(key)},`);
  return lines.slice(start, lines.findIndex((line, i) => i > start && /^ {4}\},?$/.test(line)));
}

describe('emitResourceTable', () => {
  it('writes one JSON document, ending in a newline', () => {
    expect(file.path).toBe(RESOURCE_TABLE_PATH);
    expect(file.contents.endsWith('}\n')).toBe(true);
    expect(table.resources.map((r) => r.key)).toEqual(['library.books', 'library.shelves']);
  });

  it('writes each field, filter, unique constraint and relation on a line of its own', () => {
    for (const resource of table.resources) {
      const block = resourceLines(resource.key);
      for (const entry of [...resource.fields, ...resource.filters, ...(resource.unique ?? [])]) expect(count(block, JSON.stringify(entry)), JSON.stringify(entry)).toBe(1);
    }
    for (const set of Object.values(table.fieldSets)) for (const [name, field] of Object.entries(set)) expect(count(lines, `${JSON.stringify(name)}: ${JSON.stringify(field)}`)).toBe(1);
    for (const set of Object.values(table.filterSets)) for (const filter of set) expect(count(lines, JSON.stringify(filter))).toBe(1);
    for (const relation of table.relations) expect(count(lines, JSON.stringify(relation))).toBe(1);
  });

  it('writes each choice of a choice set on a line of its own', () => {
    expect(lines.slice(lines.indexOf('  "choiceSets": {'), lines.indexOf('  "choiceSets": {') + 6)).toEqual([
      '  "choiceSets": {',
      '    "BookFormatChoices": [',
      '      ["hardcover","Hardcover"],',
      '      ["paperback","Paperback"],',
      '      ["ebook","E-book"]',
      '    ],',
    ]);
  });

  it("writes a resource's other keys one per line, its short lists on their key's line", () => {
    const start = lines.indexOf('      "key": "library.books",');
    expect(lines.slice(start - 1, start + 11)).toEqual([
      '    {',
      '      "key": "library.books",',
      '      "app": "library",',
      '      "path": "books",',
      '      "model": "Book",',
      '      "verboseName": "book",',
      '      "objectType": "library.book",',
      '      "table": "library_book",',
      '      "uiPath": "library/books",',
      '      "display": "{title}",',
      '      "fields": [',
      '        {"name":"title","kind":"string","required":true,"maxLength":200},',
    ]);
    expect(lines).toContain('      "brief": ["id","url","display","title"],');
    expect(lines).toContain('      "search": [{"path":"title"},{"path":"isbn"}],');
  });
});
