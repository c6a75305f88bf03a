/**
 * @module
 * One run of the facts check, as a value: what goes to stdout (the verdict table), what goes to
 * stderr (invalid definitions as the generator's positioned diagnostics, unknown keys, a stale
 * extract or allow-list entry, where the facts came from) and the exit status — 0 when every
 * difference is accepted, 1 when one is not or something is wrong, 2 for a usage error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatDiagnostic, sortDiagnostics } from '../../generator/diagnostics.ts';
import { buildInventory } from '../../generator/ir/inventory/buildInventory.ts';
import type { InventoryIR } from '../../generator/ir/types.ts';
import { readDefinitions } from '../../generator/load/readDefinitions.ts';
import { applyAllowList, countRules, readAllowList } from './allowList.ts';
import { CHOICE_SETS_SCOPE, compare } from './compare/index.ts';
import { buildExtract } from './extract/buildExtract.ts';
import { EXTRACT_PATH, formatExtract, readExtract } from './extract/extractFile.ts';
import { findReference, referenceCandidates } from './reference.ts';
import { readSupplement, withSupplement } from './supplement.ts';
import { renderTable } from './table.ts';
import { ASPECTS, type Aspect, type Extract, type RuleFacts } from './types.ts';

export interface FactsOptions {
  /** The repository. */
  root: string;
  /** Resource keys to compare (all when empty). */
  only: string[];
  /** Aspects to report (all when absent). */
  aspects?: Aspect[];
  /** `--reference DIR`. */
  reference?: string;
  /** `NETBOX_REFERENCE`. */
  referenceEnv?: string;
  /** Rewrite the extract from the reference first. */
  extract: boolean;
  verbose: boolean;
}

export interface FactsResult {
  stdout: string;
  stderr: string[];
  status: number;
}

/** The inventory IR, or the generator's diagnostics. */
function loadInventory(root: string): { ir: InventoryIR } | { diagnostics: string[] } {
  const { definitions, diagnostics } = readDefinitions(join(root, 'definitions'), root);
  const built = buildInventory(definitions);
  const all = [...diagnostics, ...built.diagnostics];
  return all.length ? { diagnostics: sortDiagnostics(all).map(formatDiagnostic) } : { ir: built.ir };
}

export function runFacts(options: FactsOptions): FactsResult {
  const stderr: string[] = [];
  const fail = (status: number): FactsResult => ({ stdout: '', stderr, status });
  const loaded = loadInventory(options.root);
  if ('diagnostics' in loaded) {
    stderr.push(...loaded.diagnostics, `${loaded.diagnostics.length} problem(s) in definitions/: nothing compared.`);
    return fail(1);
  }
  const { ir } = loaded;
  const served = new Set(ir.resources.map((r) => r.key));
  const unknown = options.only.filter((key) => !served.has(key));
  if (unknown.length) {
    stderr.push(...unknown.map((key) => `unknown resource ${key}: served are ${[...served].join(', ')}`));
    return fail(2);
  }

  const problems: string[] = [];
  const extractPath = relative(options.root, EXTRACT_PATH);
  let extract: Extract;
  const candidates = referenceCandidates(options.root, options.reference, options.referenceEnv);
  const reference = findReference(candidates);
  if (reference) {
    extract = buildExtract(reference);
    const text = formatExtract(extract);
    const current = existsSync(EXTRACT_PATH) ? readFileSync(EXTRACT_PATH, 'utf8') : '';
    if (options.extract) {
      if (text !== current) writeFileSync(EXTRACT_PATH, text);
      stderr.push(`${text !== current ? 'wrote' : 'unchanged:'} ${extractPath} (from ${reference})`);
    } else if (text !== current) problems.push(`${extractPath} is not current with ${reference}: run \`npm run facts -- --extract\` (compared with the reference itself)`);
  } else if (options.extract) {
    stderr.push(`no NetBox reference to extract from (looked in ${candidates.join(', ')}; give --reference DIR or NETBOX_REFERENCE)`);
    return fail(2);
  } else {
    stderr.push(`NetBox's reference is not here (looked in ${candidates.join(', ')}): comparing with ${extractPath}.`);
    extract = readExtract();
  }

  const models = withSupplement(extract.models, readSupplement());
  const comparison = compare(ir, extract, models, options.only);
  for (const u of comparison.unknown) problems.push(`${u.resource}: cannot be compared, ${u.missing}`);
  const aspects = options.aspects ?? ASPECTS;
  const differences = comparison.differences.filter((d) => aspects.includes(d.aspect));
  const allowList = readAllowList();
  const complete = !options.only.length && !options.aspects;
  const check = applyAllowList(allowList, differences, new Set([...served, CHOICE_SETS_SCOPE]), complete);
  problems.push(...check.problems);
  const rulesOf = new Map<string, RuleFacts[]>(comparison.subjects.map((s) => [s.resource.key, s.model?.rules ?? []]));
  const rules = countRules(allowList, rulesOf, options.root, problems, served);

  const scopes = [...comparison.subjects.map((s) => s.resource.key), ...(options.only.length ? [] : [CHOICE_SETS_SCOPE])];
  const stdout = renderTable({ scopes, aspects, check, compared: comparison.compared, rules, verbose: options.verbose, source: extract.source });
  stderr.push(...problems);
  return { stdout, stderr, status: check.open.length || problems.length ? 1 : 0 };
}
