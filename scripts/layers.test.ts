/**
 * The layering check (scripts/layers.ts) as part of `npm test`: the project has no violation but
 * the known ones listed there, and the rules do catch what they name (on a small fixture project).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithKnown, findViolations, key, KNOWN_VIOLATIONS, type Violation } from './layers.ts';

describe('layering of the project', () => {
  it('has no import cycle and no forbidden import but the known ones', async () => {
    const found = await findViolations();
    const { fresh, gone } = compareWithKnown(found);
    // A new violation: fix the import (scripts/layers.ts says what each rule wants).
    expect(fresh.map(key)).toEqual([]);
    // A known one is fixed: remove it from KNOWN_VIOLATIONS.
    expect(gone.map(key)).toEqual([]);
  }, 60_000);

  it('lists each known violation once, each naming a rule of the check', () => {
    const keys = KNOWN_VIOLATIONS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const v of KNOWN_VIOLATIONS) expect(['no-cycle', 'runtime-uses-generator-face-only', 'contract-is-closed', 'kinds-use-contract-only', 'generated-read-at-the-edges', 'no-test-code-in-code']).toContain(v.rule);
  });

  it('tells new violations from known ones, and known ones that are gone', () => {
    const known: Violation[] = [{ rule: 'no-cycle', from: 'a.ts', to: 'b.ts', cycle: ['b.ts', 'a.ts'] }, { rule: 'contract-is-closed', from: 'c.ts', to: 'd.ts' }];
    const found: Violation[] = [known[0], { rule: 'kinds-use-contract-only', from: 'e.ts', to: 'f.ts' }];
    const { fresh, gone } = compareWithKnown(found, known);
    expect(fresh).toEqual([found[1]]);
    expect(gone).toEqual([known[1]]);
  });
});

describe('layering rules on a fixture project', () => {
  let root: string;
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, strict: true } }),
    'package.json': JSON.stringify({ type: 'module' }),
    // contract reaching out of its folder
    'runtime/contract/index.ts': `import type { Kind } from '../kinds/kind.ts';\nexport type Contract = { kind: Kind };\n`,
    // kinds reaching into rest/ (a type-only import counts)
    'runtime/kinds/kind.ts': `import type { Rest } from '../rest/engine.ts';\nexport type Kind = { rest?: Rest };\n`,
    // kinds reading the contract: allowed
    'runtime/kinds/ok.ts': `import type { Contract } from '../contract/index.ts';\nexport const ok = (c: Contract) => c;\n`,
    // a test of kinds may use helpers from anywhere
    'runtime/kinds/kind.test.ts': `import { helper } from '../testing/helper.ts';\nexport const t = helper;\n`,
    'runtime/testing/helper.ts': `import { expect } from 'vitest';\nexport const helper = expect;\n`,
    // code reaching test code: vitest (installed, and a package of it that is not), a shared test helper, test data, a test file
    'runtime/rest/check.ts': `import { expect } from 'vitest';\nimport type { Expect } from '@vitest/expect';\nexport const check: Expect = expect;\n`,
    'runtime/rest/sample.ts': `import { helper } from '../testing/helper.ts';\nimport { t } from '../kinds/kind.test.ts';\nimport { data } from '../../generator/testdata/data.ts';\nexport const sample = [helper, t, data];\n`,
    'generator/testdata/data.ts': `import { helper } from '../../runtime/testing/helper.ts';\nexport const data = helper;\n`,
    // the benchmarks may use the tests' helpers
    'scripts/bench/bench.ts': `import { helper } from '../../runtime/testing/helper.ts';\nexport const bench = helper;\n`,
    'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', type: 'module', exports: { '.': './index.js' } }),
    'node_modules/vitest/index.js': `export const expect = 1;\n`,
    // rest reaching into a generator stage and into generated/
    'runtime/rest/engine.ts': `import { stage } from '../../generator/emit/stage.ts';\nimport { table } from '../../generated/table.ts';\nexport type Rest = typeof stage | typeof table;\n`,
    // the registry and the server may read generated/, and anyone generator/index.ts
    'runtime/rest/registry.ts': `import { table } from '../../generated/table.ts';\nexport const registry = table;\n`,
    'runtime/server/server.ts': `import { table } from '../../generated/table.ts';\nimport { generate } from '../../generator/index.ts';\nexport const server = [table, generate];\n`,
    'generated/table.ts': `export const table = 1;\n`,
    'generator/index.ts': `export const generate = 1;\n`,
    'generator/emit/stage.ts': `export const stage = 1;\n`,
    // a cycle made of type-only imports
    'generator/ir/a.ts': `import type { B } from './b.ts';\nexport type A = { b?: B };\n`,
    'generator/ir/b.ts': `import type { A } from './a.ts';\nexport type B = { a?: A };\n`,
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'layers-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    mkdirSync(join(root, 'scripts'), { recursive: true });
    writeFileSync(join(root, 'scripts/tool.ts'), `export const tool = 1;\n`);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reports each forbidden import and the type-only cycle, and nothing that is allowed', async () => {
    const found = await findViolations(root);
    const pairs = found.map((v) => `${v.rule}: ${v.from} → ${v.to}`);
    expect(pairs.filter((p) => !p.startsWith('no-cycle'))).toEqual([
      'contract-is-closed: runtime/contract/index.ts → runtime/kinds/kind.ts',
      'generated-read-at-the-edges: runtime/rest/engine.ts → generated/table.ts',
      'kinds-use-contract-only: runtime/kinds/kind.ts → runtime/rest/engine.ts',
      'no-test-code-in-code: runtime/rest/check.ts → @vitest/expect',
      'no-test-code-in-code: runtime/rest/check.ts → node_modules/vitest/index.js',
      'no-test-code-in-code: runtime/rest/sample.ts → generator/testdata/data.ts',
      'no-test-code-in-code: runtime/rest/sample.ts → runtime/kinds/kind.test.ts',
      'no-test-code-in-code: runtime/rest/sample.ts → runtime/testing/helper.ts',
      'runtime-uses-generator-face-only: runtime/rest/engine.ts → generator/emit/stage.ts',
      'runtime-uses-generator-face-only: runtime/rest/sample.ts → generator/testdata/data.ts',
    ]);
    const cycles = found.filter((v) => v.rule === 'no-cycle');
    expect(cycles.length).toBeGreaterThan(0);
    for (const cycle of cycles) expect([cycle.from, cycle.to].sort()).toEqual(['generator/ir/a.ts', 'generator/ir/b.ts']);
  }, 60_000);
});
