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

/** A JSON literal for an initializer, with stable key order as given. */
export function literal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, '$1:');
}
