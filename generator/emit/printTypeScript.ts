/**
 * @module
 * Prints a whole TypeScript file from plain statement objects (imports, exported constants whose
 * initializers are data printed by `literal` or by the emitter), once, with ts-morph: emitters
 * never concatenate file text themselves nor manipulate nodes.
 *
 * ts-morph loads the TypeScript compiler, about a second, so it is loaded only when a file must
 * really be printed: a printed file is kept by the hash of its statements, in memory (a --watch
 * session) and in node_modules/.cache/netbox-generator/typescript/ (one-shot runs), so a
 * definition change that leaves the tables as they were (a label, a filter) does not load it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TsMorph from 'ts-morph';
import { generatorCache } from '../cacheFolder.ts';

export interface ImportStatement {
  kind: 'import';
  moduleSpecifier: string;
  namedImports: string[];
}

export interface ConstStatement {
  kind: 'const';
  name: string;
  /** TypeScript text of the value. */
  initializer: string;
  isExported?: boolean;
  /** JSDoc lines, printed as one `/** … *\/` block above the statement. */
  docs?: string[];
}

export type Statement = ImportStatement | ConstStatement;

const CACHE = generatorCache(fileURLToPath(new URL('../../', import.meta.url)), 'typescript');
const printed = new Map<string, string>();
let project: TsMorph.Project | undefined;

/** ts-morph, loaded on first use (CommonJS, so synchronously). */
function tsMorph(): typeof TsMorph {
  return createRequire(import.meta.url)('ts-morph') as typeof TsMorph;
}

function print(statements: readonly Statement[]): string {
  const { IndentationText, Project, QuoteKind, StructureKind, VariableDeclarationKind } = tsMorph();
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
  const structures: TsMorph.StatementStructures[] = statements.map((statement) =>
    statement.kind === 'import'
      ? { kind: StructureKind.ImportDeclaration, moduleSpecifier: statement.moduleSpecifier, namedImports: statement.namedImports }
      : {
          kind: StructureKind.VariableStatement,
          isExported: statement.isExported ?? false,
          declarationKind: VariableDeclarationKind.Const,
          ...(statement.docs?.length ? { docs: [statement.docs.join('\n')] } : {}),
          declarations: [{ name: statement.name, initializer: statement.initializer }],
        },
  );
  const file = project.createSourceFile('/printed.ts', { statements: structures }, { overwrite: true });
  const text = file.getFullText().replace(/\r\n/g, '\n');
  project.removeSourceFile(file);
  return text;
}

/** Prints `statements` as a file, after `header` (already ending in a newline). */
export function printTypeScript(statements: readonly Statement[], header: string): string {
  const key = createHash('sha256').update(JSON.stringify(statements)).digest('hex');
  const cached = CACHE && join(CACHE, `${key}.ts`);
  let text = printed.get(key) ?? (cached && existsSync(cached) ? readFileSync(cached, 'utf8') : undefined);
  if (text === undefined) {
    text = print(statements);
    // A cache that cannot be written (a read-only checkout) only costs the next run the load.
    try {
      if (cached) {
        mkdirSync(dirname(cached), { recursive: true });
        writeFileSync(cached, text);
      }
    } catch {}
  }
  printed.set(key, text);
  return header + text;
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
