/**
 * @module
 * Test helpers: write a throwaway project (definitions plus the repository's templates) into a
 * temporary folder, run the pipeline on it, and read back the diagnostics as printed lines.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticsError } from '../diagnostics.ts';
import { buildProjectIR, projectPaths, type ProjectIR, type ProjectPaths } from '../pipeline.ts';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const smallDefinitions = join(repositoryRoot, 'generator/testdata/small/definitions');

/** A minimal valid set the diagnostics tests start from and break one piece at a time. */
export const baseDefinitions: Record<string, string> = {
  'choices.yaml': `choice_sets:
  StatusChoices: [ [ active, Active ], [ planned, Planned ] ]
`,
  'mixins.yaml': `mixins:
  named:
    fields:
      name: { type: string, max_length: 100, required: true }
`,
  'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named]
    fields:
      name:
      status: { type: choice, choices: StatusChoices }
  books:
    model: Book
    mixins: [named]
    fields:
      shelf: { type: fk, target: shop.shelves }
    brief: [id, url, display, name]
`,
};

export interface TempProject {
  root: string;
  paths: ProjectPaths;
  /** Writes (or, with null, deletes) a file relative to the project root. */
  write(path: string, contents: string | null): void;
  remove(): void;
}

/**
 * Creates a project folder with `definitions/` holding `files` (name → YAML text) and a copy of
 * the repository's `templates/`. `generated/` is not created: the write stage makes it.
 */
export function tempProject(files: Record<string, string>): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'generator-test-'));
  mkdirSync(join(root, 'definitions'));
  cpSync(join(repositoryRoot, 'templates'), join(root, 'templates'), { recursive: true });
  const write = (path: string, contents: string | null) => {
    const full = join(root, path);
    if (contents === null) return rmSync(full, { force: true });
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, contents);
  };
  for (const [name, text] of Object.entries(files)) write(join('definitions', name), text);
  return { root, paths: projectPaths(root), write, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Copies a folder of definitions (e.g. the small golden set) into a new temporary project. */
export function tempProjectFrom(definitionsDir: string): TempProject {
  const project = tempProject({});
  cpSync(definitionsDir, project.paths.definitions, { recursive: true });
  return project;
}

/** Runs load → validate → IR on `files`; returns the IR or the printed diagnostic lines. */
export function buildFrom(files: Record<string, string>): { ir?: ProjectIR; diagnostics: string[] } {
  const project = tempProject(files);
  try {
    return { ir: buildProjectIR(project.paths), diagnostics: [] };
  } catch (error) {
    if (!(error instanceof DiagnosticsError)) throw error;
    return { diagnostics: error.message.split('\n') };
  } finally {
    project.remove();
  }
}

/** The diagnostics of `baseDefinitions` with some files replaced. */
export function diagnosticsWith(overrides: Record<string, string>): string[] {
  return buildFrom({ ...baseDefinitions, ...overrides }).diagnostics;
}
