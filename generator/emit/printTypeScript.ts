/**
 * @module
 * Prints a whole TypeScript file from a structure, once: emitters build plain statement objects
 * (imports, exported constants) and never concatenate file text themselves.
 *
 * Why not ts-morph: the files this project generates are flat lists of imports and constants
 * whose initializers are data printed by `literal` or by the emitter; ts-morph printed them the
 * same way but cost about a second of every `npm run generate` to load the TypeScript compiler,
 * the larger part of a run after a one-field change. The output is what ts-morph printed (two
 * spaces, single quotes, a continuation line of an initializer indented one level), byte for byte.
 */

export interface ImportStatement {
  kind: 'import';
  moduleSpecifier: string;
  namedImports: string[];
}

export interface ConstStatement {
  kind: 'const';
  name: string;
  /** TypeScript text; its second and later lines are indented one level, as a printer would. */
  initializer: string;
  isExported?: boolean;
  /** JSDoc lines, printed as one `/** … *\/` block above the statement. */
  docs?: string[];
}

export type Statement = ImportStatement | ConstStatement;

const INDENT = '  ';

/** Indents every line but the first, except lines that continue a multi-line template literal. */
function indentContinuation(text: string): string {
  const lines = text.split('\n');
  let inTemplate = false;
  return lines
    .map((line, index) => {
      const printed = index === 0 || inTemplate ? line : INDENT + line;
      // Count the backticks that open or close a template literal (not escaped ones).
      const ticks = line.replace(/\\./g, '').split('`').length - 1;
      if (ticks % 2) inTemplate = !inTemplate;
      return printed;
    })
    .join('\n');
}

function printStatement(statement: Statement): string {
  if (statement.kind === 'import') return `import { ${statement.namedImports.join(', ')} } from '${statement.moduleSpecifier}';`;
  const docs = statement.docs?.length ? `/**${statement.docs.length === 1 ? ` ${statement.docs[0]} ` : `\n${statement.docs.map((d) => ` * ${d}`).join('\n')}\n `}*/\n` : '';
  return `${docs}${statement.isExported ? 'export ' : ''}const ${statement.name} = ${indentContinuation(statement.initializer)};`;
}

/** Prints `statements` as a file, after `header` (already ending in a newline). */
export function printTypeScript(statements: readonly Statement[], header: string): string {
  return `${header}${statements.map(printStatement).join('\n')}\n`;
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
