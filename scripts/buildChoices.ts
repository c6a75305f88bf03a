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

/**
 * Values the reference keeps as NetBox's source spells them (`INTERVAL_HOURLY * 12` in
 * JobIntervalChoices): the class constants they name, in minutes, and their products.
 */
const CONSTANTS: Record<string, number> = { INTERVAL_MINUTELY: 1, INTERVAL_HOURLY: 60, INTERVAL_DAILY: 60 * 24, INTERVAL_WEEKLY: 60 * 24 * 7 };
function resolveValue(value: string | number): string | number {
  if (typeof value !== 'string') return value;
  const m = /^([A-Z_]+)(?:\s*\*\s*(\d+))?$/.exec(value.trim());
  return m && m[1] in CONSTANTS ? CONSTANTS[m[1]] * Number(m[2] ?? 1) : value;
}

/**
 * Labels the reference keeps as NetBox's source spells them (`_('Group {n}').format(n=1)` in
 * DHGroupChoices, `_('{n} inches').format(n=19)` in RackWidthChoices): the text they format.
 */
function resolveLabel(label: string): string {
  const m = /^_\((['"])(.*)\1\)\.format\((.*)\)$/.exec(label.trim());
  if (!m) return label;
  const args = Object.fromEntries(m[3].split(',').map((a) => a.split('=').map((s) => s.trim())));
  return m[2].replace(/\{(\w+)\}/g, (all, name: string) => (name in args ? args[name].replace(/^(['"])(.*)\1$/, '$2') : all));
}

/**
 * Sets whose reference entry lists only what they add to the set they extend (NetBox spells
 * `*ButtonColorChoices.CHOICES` first, which the reference drops): the extended set's pairs first.
 */
const EXTENDS: Record<string, string> = { CustomLinkButtonClassChoices: 'ButtonColorChoices' };
const pairs = (name: string): [string | number, string][] => [...(EXTENDS[name] ? pairs(EXTENDS[name]) : []), ...reference[name].choices];

const choiceSets = Object.fromEntries(
  Object.keys(reference)
    .sort()
    .map((name) => [name, pairs(name).filter((c) => Array.isArray(c) && c.length === 2 && !Array.isArray(c[1])).map(([value, label]) => [resolveValue(value), resolveLabel(label)])]),
);
const header = '# Every NetBox 4.6 choice set as [value, label] pairs, in NetBox order.\n# Built by scripts/buildChoices.ts from the NetBox 4.6 reference; regenerate rather than edit.\n';
const doc = new Document({ choice_sets: choiceSets });
// One `[value, label]` pair per line keeps the file short and diffs readable.
visit(doc, { Seq: (_, node, path) => { if (path.length > 4 && isSeq(node)) node.flow = true; } });
writeFileSync(resolve(root, 'definitions/choices.yaml'), header + doc.toString({ lineWidth: 0 }));
console.error(`wrote ${Object.keys(choiceSets).length} choice sets`);
