/**
 * @module
 * Fixture builder: writes definitions/choices.yaml (every NetBox 4.6 choice set, in NetBox's
 * order) from ../shared/reference/netbox-4.6/choices.json. Run it when the reference changes:
 *   npx tsx scripts/buildChoices.ts [path/to/choices.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, isSeq, visit } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const input = process.argv[2] ?? resolve(root, '../shared/reference/netbox-4.6/choices.json');
const reference = JSON.parse(readFileSync(input, 'utf8')) as Record<string, { choices: [string | number, string][] }>;

const choiceSets = Object.fromEntries(
  Object.keys(reference)
    .sort()
    .map((name) => [name, reference[name].choices.filter((c) => Array.isArray(c) && c.length === 2 && !Array.isArray(c[1]))]),
);
const header = '# Every NetBox 4.6 choice set as [value, label] pairs, in NetBox order.\n# Built by scripts/buildChoices.ts from the NetBox 4.6 reference; regenerate rather than edit.\n';
const doc = new Document({ choice_sets: choiceSets });
// One `[value, label]` pair per line keeps the file short and diffs readable.
visit(doc, { Seq: (_, node, path) => { if (path.length > 4 && isSeq(node)) node.flow = true; } });
writeFileSync(resolve(root, 'definitions/choices.yaml'), header + doc.toString({ lineWidth: 0 }));
console.error(`wrote ${Object.keys(choiceSets).length} choice sets`);
