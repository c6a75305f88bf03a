/**
 * @module
 * Prints a whole TypeScript file from a ts-morph structure, once. Emitters build plain structure
 * objects and never manipulate nodes (each manipulation re-parses the file).
 */
import { IndentationText, Project, QuoteKind, type SourceFileStructure } from 'ts-morph';

let project: Project | undefined;

function sharedProject(): Project {
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
  return project;
}

/** Prints `structure` as the file `path`, after `header` (already ending in a newline). */
export function printTypeScript(path: string, structure: Omit<SourceFileStructure, 'kind'>, header: string): string {
  const file = sharedProject().createSourceFile(`/${path}`, { ...structure }, { overwrite: true });
  const text = file.getFullText();
  sharedProject().removeSourceFile(file);
  return header + text.replace(/\r\n/g, '\n');
}

const MAX_INLINE = 140;
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}

/**
 * A literal for an initializer, keys in the order given. A value whose one-line form is short
 * stays on one line (a field, a route, a filter each read as one line and diff as one line);
 * longer ones break across lines, one entry per line.
 */
export function literal(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const entries = Array.isArray(value)
    ? value.map((item) => literal(item, `${indent}  `))
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${key(k)}: ${literal(v, `${indent}  `)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return `${open}${close}`;
  const inline = Array.isArray(value) ? `[${entries.join(', ')}]` : `{ ${entries.join(', ')} }`;
  if (!inline.includes('\n') && inline.length + indent.length <= MAX_INLINE) return inline;
  return `${open}\n${entries.map((e) => `${indent}  ${e}`).join(',\n')},\n${indent}${close}`;
}
