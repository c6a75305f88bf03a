/**
 * @module
 * The allow-list (`allow-list.yaml`): the differences from NetBox that are accepted, each under
 * the reason it is accepted; and the record of models.md's validation messages per resource, one
 * file per app (`rules/<app>.yaml`): enforced, with the test that shows it, or not applicable, with
 * why. Everything they name must exist — a resource that is not served, an aspect the check does
 * not have, a message the model does not raise, a test that does not contain the message are
 * errors — and every accepted difference must still be one, so the lists only ever hold what is
 * true today.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { ASPECTS, differenceKey, type Aspect, type Difference, type RuleFacts } from './types.ts';

export const ALLOW_LIST_PATH = fileURLToPath(new URL('./allow-list.yaml', import.meta.url));
export const RULES_DIR = fileURLToPath(new URL('./rules/', import.meta.url));

const ruleRecord = z.discriminatedUnion('status', [
  z.strictObject({ message: z.string(), field: z.string().optional(), status: z.literal('enforced'), test: z.string() }),
  z.strictObject({ message: z.string(), field: z.string().optional(), status: z.literal('not-applicable'), reason: z.string().min(10) }),
]);
const allowListSchema = z.strictObject({
  accepted: z.array(z.strictObject({ reason: z.string().min(10), differences: z.array(z.string()).min(1) })),
  rules: z.record(z.string(), z.array(ruleRecord)).default({}),
});
/** One app's file of rule records: resource key → records. */
const rulesFileSchema = z.record(z.string(), z.array(ruleRecord)).nullable();
export type AllowList = z.infer<typeof allowListSchema>;
export type RuleRecord = z.infer<typeof ruleRecord>;

/** One accepted difference: `<scope> <aspect> <subject>`, where scope and subject may be `*`. */
interface Pattern {
  text: string;
  reason: string;
  scope: string;
  aspect: Aspect;
  subject: string;
}

export interface AllowListCheck {
  /** Differences accepted, with their reason. */
  allowed: (Difference & { reason: string })[];
  open: Difference[];
  /** Entries that name what does not exist or match no difference: each an error. */
  problems: string[];
}

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/** The allow-list, with the rule records of every `rules/<app>.yaml` (a resource in two files is an error). */
export function readAllowList(path: string = ALLOW_LIST_PATH, rulesDir: string = RULES_DIR): AllowList {
  const parsed = allowListSchema.safeParse(parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${issues(parsed.error)}`);
  const list = parsed.data;
  for (const file of existsSync(rulesDir) ? readdirSync(rulesDir).filter((f) => f.endsWith('.yaml')).sort() : []) {
    const records = rulesFileSchema.safeParse(parse(readFileSync(join(rulesDir, file), 'utf8')));
    if (!records.success) throw new Error(`${join(rulesDir, file)}: ${issues(records.error)}`);
    for (const [resource, entries] of Object.entries(records.data ?? {})) {
      if (list.rules[resource]) throw new Error(`${join(rulesDir, file)}: the rules of ${resource} are recorded in another file too`);
      list.rules[resource] = entries;
    }
  }
  return list;
}

/**
 * Whether a test's text shows `message`: the message with its placeholders (`{site}`, `%(name)s`)
 * standing for any text, found in the test once escapes are set aside.
 */
export function testShows(testText: string, message: string): boolean {
  const pattern = message
    .split(/\{[^{}]*\}|%\([^)]*\)[sdr]/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(pattern, 's').test(testText.replace(/\\(.)/g, '$1'));
}

/**
 * Splits differences into accepted and open. `scopes` are the keys an entry may name (served
 * resources and `choice-sets`); `complete` says every resource and aspect was compared, so an
 * entry that matches nothing is stale.
 */
export function applyAllowList(list: AllowList, differences: Difference[], scopes: Set<string>, complete: boolean): AllowListCheck {
  const problems: string[] = [];
  const patterns: Pattern[] = [];
  for (const group of list.accepted) {
    for (const text of group.differences) {
      const [scope = '', aspect = '', ...rest] = text.trim().split(/\s+/);
      const subject = rest.join(' ');
      if (scope !== '*' && !scopes.has(scope)) problems.push(`allow-list.yaml: "${text}": ${scope} is no served resource`);
      else if (!(ASPECTS as readonly string[]).includes(aspect)) problems.push(`allow-list.yaml: "${text}": ${aspect} is no aspect (${ASPECTS.join(', ')})`);
      else if (!subject) problems.push(`allow-list.yaml: "${text}": names no field, filter, constraint or set`);
      else patterns.push({ text, reason: group.reason.trim(), scope, aspect: aspect as Aspect, subject });
    }
  }
  const used = new Set<Pattern>();
  const out: AllowListCheck = { allowed: [], open: [], problems };
  for (const d of differences) {
    const match = patterns.find((p) => (p.scope === '*' || p.scope === d.scope) && p.aspect === d.aspect && (p.subject === '*' || p.subject === d.subject));
    if (match) {
      used.add(match);
      out.allowed.push({ ...d, reason: match.reason });
    } else out.open.push(d);
  }
  if (complete) for (const p of patterns) if (!used.has(p)) problems.push(`allow-list.yaml: "${p.text}" is no difference any more: remove it`);
  return out;
}

export interface RuleCount {
  total: number;
  enforced: number;
  notApplicable: number;
}

/**
 * Counts each resource's validation messages (its model's, bases' included) and how many the
 * record marks; a record naming a message the model does not raise, or an enforced one whose
 * test file is not there or does not contain the message, is a problem.
 */
export function countRules(list: AllowList, rulesOf: Map<string, RuleFacts[]>, root: string, problems: string[], served: ReadonlySet<string> = new Set(rulesOf.keys())): Map<string, RuleCount> {
  const counts = new Map<string, RuleCount>();
  for (const [resource, rules] of rulesOf) counts.set(resource, { total: rules.length, enforced: 0, notApplicable: 0 });
  for (const [resource, records] of Object.entries(list.rules)) {
    const rules = rulesOf.get(resource);
    const count = counts.get(resource);
    if (!rules || !count) {
      // A served resource left out of this run (`npm run facts -- dcim.sites`) is simply not looked at.
      if (!served.has(resource)) problems.push(`rules of ${resource}: no served resource`);
      continue;
    }
    for (const r of records) {
      if (!rules.some((rule) => rule.message === r.message && (r.field === undefined || rule.field === r.field))) problems.push(`rules of ${resource}: "${r.message}" is none of its model's messages`);
      else if (r.status === 'enforced' && !existsSync(join(root, r.test))) problems.push(`rules of ${resource}: the test ${r.test} is not there`);
      else if (r.status === 'enforced' && !testShows(readFileSync(join(root, r.test), 'utf8'), r.message)) problems.push(`rules of ${resource}: the test ${r.test} does not show "${r.message}"`);
      else if (r.status === 'enforced') count.enforced++;
      else count.notApplicable++;
    }
  }
  return counts;
}

export { differenceKey };
