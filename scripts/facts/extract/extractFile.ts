/**
 * @module
 * The checked-in extract, `scripts/facts/netbox-4.6.json`: written so that a change of NetBox's
 * facts is a change of few lines. An object breaks over lines when it holds objects (a model,
 * its relations) or lists of lists (the choice sets), and so does a list of objects (a model's
 * unique constraints); everything else (a field's flags, a filter, a choice set) is one line. Keys keep the order they were
 * built in, which the extract sorts where order is not NetBox's own (fields stay in serializer
 * order).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Extract } from '../types.ts';

export const EXTRACT_PATH = fileURLToPath(new URL('../netbox-4.6.json', import.meta.url));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Objects holding objects or lists of lists (the choice sets), and lists of objects, break over lines. */
const holdsObjects = (v: unknown): boolean =>
  Array.isArray(v) ? v.some(isObject) : isObject(v) && Object.values(v).some((x) => isObject(x) || (Array.isArray(x) && x.some((y) => isObject(y) || Array.isArray(y))));

function format(value: unknown, indent: string): string {
  if (!holdsObjects(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

export function formatExtract(extract: Extract): string {
  return `${format(extract, '')}\n`;
}

export function readExtract(path: string = EXTRACT_PATH): Extract {
  return JSON.parse(readFileSync(path, 'utf8')) as Extract;
}
