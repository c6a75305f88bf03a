/**
 * @module
 * The file printer: ts-morph's layout of the generated files (which are checked in, so any drift
 * would show as a diff in every project), and a file printed once is not printed again.
 */
import { describe, expect, it } from 'vitest';
import { printTypeScript } from './printTypeScript.ts';

describe('printTypeScript', () => {
  it('prints imports, then constants whose later initializer lines are indented one level', () => {
    const text = printTypeScript(
      [
        { kind: 'import', moduleSpecifier: 'drizzle-orm/pg-core', namedImports: ['integer', 'pgTable'] },
        { kind: 'const', isExported: true, name: 'shelf', initializer: "pgTable('shelf', {\n  id: integer('id'),\n})" },
        { kind: 'const', name: 'local', docs: ['One line of docs.'], initializer: '1' },
      ],
      '// header\n\n',
    );
    expect(text).toBe(
      [
        '// header',
        '',
        "import { integer, pgTable } from 'drizzle-orm/pg-core';",
        "export const shelf = pgTable('shelf', {",
        "    id: integer('id'),",
        '  });',
        '/** One line of docs. */',
        'const local = 1;',
        '',
      ].join('\n'),
    );
  });

  it('leaves the lines inside a multi-line template literal as written, and prints several doc lines as a block', () => {
    const text = printTypeScript([{ kind: 'const', name: 'q', docs: ['First.', 'Second.'], initializer: "[\n  sql`a\nb \\` c`,\n  'd',\n]" }], '');
    expect(text).toBe(['/**', ' * First.', ' * Second.', ' */', 'const q = [', '    sql`a', 'b \\` c`,', "    'd',", '  ];', ''].join('\n'));
  });

  it('prints the same statements once per process (and keeps them on disk for the next run)', () => {
    const statements = [{ kind: 'const' as const, name: `once${process.pid}${Date.now()}`, initializer: '1' }];
    const first = printTypeScript(statements, '// a\n');
    expect(printTypeScript(statements, '// b\n')).toBe(first.replace('// a', '// b'));
  });
});
