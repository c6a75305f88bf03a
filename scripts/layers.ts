/**
 * @module
 * The project's layering, checked with dependency-cruiser over every TypeScript file of runtime/,
 * generator/ and scripts/ (type-only imports included):
 *
 * - no import cycle anywhere;
 * - runtime/ imports nothing under generator/ but its face, generator/index.ts;
 * - runtime/contract/ imports nothing outside itself;
 * - runtime/kinds/ imports only runtime/contract/, runtime/kinds/ and npm packages;
 * - generated/ is imported by runtime only from runtime/server/, runtime/db/ and runtime/rest/registry.ts;
 * - code that is not a test imports no test code: not vitest, not runtime/testing/ (the shared test
 *   helpers), not generator/testdata/, not a `*.test.ts` — so nothing of the tests reaches the build.
 *   Test code is those, and scripts/bench/ (benchmarks reuse the tests' helpers).
 *
 * The rules about folders hold for the code, not for its tests (`*.test.ts` may read fixtures
 * and helpers from anywhere); cycles are refused in tests too. Violations known when the check
 * was added are listed in KNOWN_VIOLATIONS: the check passes with exactly those, and fails on a
 * new one, and also when a known one is gone (so the list shrinks as they are fixed).
 *
 *   npm run layers            prints every violation, known ones marked, and exits 1 on a new one
 */
import { cruise, type ICruiseOptions, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Test files: outside the folder rules (not outside the cycle rule). */
const TESTS = '\\.test\\.ts$';

/** Test code: test files, the shared test helpers and test data, and the benchmarks, which reuse them. */
const TEST_CODE = [TESTS, '^runtime/testing/', '^generator/testdata/', '^scripts/bench/'];

/** vitest and its packages, resolved in node_modules or (where not installed) by name. */
const VITEST = '(^|/)node_modules/(vitest|@vitest/[^/]+)/|^(vitest|@vitest/[^/]+)(/|$)';

export const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-cycle',
    comment: 'No import cycle anywhere, type-only imports included (GUIDE.md: faces and one contract).',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'runtime-uses-generator-face-only',
    comment: 'runtime/ reaches generator/ only through generator/index.ts.',
    severity: 'error',
    from: { path: '^runtime/', pathNot: TESTS },
    to: { path: '^generator/', pathNot: '^generator/index\\.ts$' },
  },
  {
    name: 'contract-is-closed',
    comment: 'runtime/contract/ imports nothing outside runtime/contract/ (not even a package).',
    severity: 'error',
    from: { path: '^runtime/contract/', pathNot: TESTS },
    to: { pathNot: '^runtime/contract/' },
  },
  {
    name: 'kinds-use-contract-only',
    comment: 'runtime/kinds/ imports only runtime/contract/, runtime/kinds/ and npm packages.',
    severity: 'error',
    from: { path: '^runtime/kinds/', pathNot: TESTS },
    to: { pathNot: ['^runtime/(contract|kinds)/', '(^|/)node_modules/'] },
  },
  {
    name: 'generated-read-at-the-edges',
    comment: 'generated/ is imported by runtime only from runtime/server/, runtime/db/ and runtime/rest/registry.ts.',
    severity: 'error',
    from: { path: '^runtime/', pathNot: ['^runtime/(server|db)/', '^runtime/rest/registry\\.ts$', TESTS] },
    to: { path: '^generated/' },
  },
  {
    name: 'no-test-code-in-code',
    comment: 'Code that is not a test imports neither vitest nor runtime/testing/, generator/testdata/ or a test file (test code lives there, not beside the sources).',
    severity: 'error',
    from: { pathNot: TEST_CODE },
    to: { path: [VITEST, '^runtime/testing/', '^generator/testdata/', TESTS] },
  },
];

/** A violation in a form that is easy to list and compare: `rule: from → to` (a cycle as its modules). */
export interface Violation {
  rule: string;
  from: string;
  to: string;
  /** For cycles: the modules of the cycle after `from`, ending on `from`. */
  cycle?: string[];
}

/**
 * Violations that were in the code when the check was added. Each is a bug to fix in its own
 * file; remove it from here when it is fixed (the check fails while a listed one is gone, so the
 * list stays true).
 */
export const KNOWN_VIOLATIONS: readonly Violation[] = [];

export const key = (v: Violation) => `${v.rule}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${[v.from, ...v.cycle].join(' → ')})` : ''}`;

function simplify(violation: IViolation): Violation {
  const out: Violation = { rule: violation.rule.name, from: violation.from, to: violation.to };
  if (violation.cycle?.length) out.cycle = violation.cycle.map((step) => step.name);
  return out;
}

export const CRUISE_OPTIONS: ICruiseOptions = {
  validate: true,
  ruleSet: { forbidden: RULES },
  // Type-only imports are imports too (a cycle through `import type` is still a cycle).
  tsPreCompilationDeps: true,
  moduleSystems: ['es6', 'cjs'],
  doNotFollow: { path: 'node_modules' },
  // node_modules is not followed, but stays in the graph: imports of packages are checked too.
  exclude: { path: '(^|/)data/' },
  combinedDependencies: false,
  baseDir: root,
};

/** The folders cruised. */
export const CRUISED = ['runtime', 'generator', 'scripts'];

/**
 * Cruises a project's code (this one by default; tests pass a fixture) and returns every
 * violation of RULES.
 */
export async function findViolations(projectRoot = root): Promise<Violation[]> {
  const base = projectRoot.endsWith('/') ? projectRoot : `${projectRoot}/`;
  const tsConfig = extractTSConfig(`${base}tsconfig.json`);
  const result = await cruise(CRUISED, { ...CRUISE_OPTIONS, baseDir: base }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
  const { summary, modules } = result.output;
  if (!modules.length) throw new Error(`dependency-cruiser found no module under ${base}`);
  return summary.violations.map(simplify).sort((a, b) => key(a).localeCompare(key(b)));
}

/** The violations that are not known, and the known ones no longer found. */
export function compareWithKnown(found: readonly Violation[], known: readonly Violation[] = KNOWN_VIOLATIONS): { fresh: Violation[]; gone: Violation[] } {
  const knownKeys = new Set(known.map(key));
  const foundKeys = new Set(found.map(key));
  return { fresh: found.filter((v) => !knownKeys.has(key(v))), gone: known.filter((v) => !foundKeys.has(key(v))) };
}

async function main(): Promise<void> {
  const found = await findViolations();
  const { fresh, gone } = compareWithKnown(found);
  const knownKeys = new Set(KNOWN_VIOLATIONS.map(key));
  for (const v of found) process.stdout.write(`${knownKeys.has(key(v)) ? 'known' : 'NEW  '}  ${key(v)}\n`);
  for (const v of gone) process.stdout.write(`fixed  ${key(v)} (remove it from KNOWN_VIOLATIONS in scripts/layers.ts)\n`);
  process.stdout.write(`${found.length} violation(s): ${fresh.length} new, ${found.length - fresh.length} known, ${gone.length} known ones gone\n`);
  if (fresh.length || gone.length) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
