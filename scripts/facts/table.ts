/**
 * @module
 * The verdict as text for stdout: a row per resource with a column per aspect (`·` same as
 * NetBox, `2*` two differences the allow-list accepts, `1!` one it does not) and the count of
 * its model's validation messages, then every difference not accepted (with the YAML that would
 * serve a missing filter), the accepted ones when asked, and a summary per aspect.
 */
import type { AllowListCheck, RuleCount } from './allowList.ts';
import type { Aspect, Difference } from './types.ts';

/** Column headings, short enough for a row to fit a terminal. */
const HEADING: Record<Aspect, string> = {
  field: 'fields',
  brief: 'brief',
  required: 'req',
  read_only: 'ro',
  nullable: 'null',
  blank: 'blank',
  max_length: 'max',
  choices: 'choices',
  default: 'default',
  unique: 'unique',
  unique_message: 'msg',
  on_delete: 'on_delete',
  filter: 'filters',
  lookups: 'lookups',
  filter_choices: 'fchoices',
  choice_set: 'sets',
};

export interface TableInput {
  /** Scopes in order: the resources compared, then `choice-sets` when compared. */
  scopes: string[];
  aspects: readonly Aspect[];
  check: AllowListCheck;
  compared: Partial<Record<Aspect, number>>;
  /** Validation messages per resource (absent when rules were not counted). */
  rules?: Map<string, RuleCount>;
  /** List accepted differences with their reasons too. */
  verbose: boolean;
  /** Where the facts came from, for the first line. */
  source: string;
}

const line = (d: Difference) => `${d.scope} ${d.aspect} ${d.subject}: NetBox ${d.netbox}; ours ${d.ours}`;

export function renderTable(input: TableInput): string {
  const { check, aspects } = input;
  const out: string[] = [`Definitions compared with ${input.source}`, ''];
  const columns = aspects.filter((a) => a !== 'choice_set' || input.scopes.includes('choice-sets'));
  const width = Math.max(8, ...input.scopes.map((s) => s.length));
  const cell = (scope: string, aspect: Aspect): string => {
    const allowed = check.allowed.filter((d) => d.scope === scope && d.aspect === aspect).length;
    const open = check.open.filter((d) => d.scope === scope && d.aspect === aspect).length;
    if (!allowed && !open) return '·';
    return open ? `${allowed + open}!` : `${allowed}*`;
  };
  const header = ['resource'.padEnd(width), ...columns.map((a) => HEADING[a]), ...(input.rules ? ['rules'] : [])];
  const widths = header.map((h) => Math.max(h.length, 5));
  widths[0] = width;
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' ').trimEnd();
  out.push(row(header));
  for (const scope of input.scopes) {
    const count = input.rules?.get(scope);
    out.push(row([scope, ...columns.map((a) => cell(scope, a)), ...(input.rules ? [count ? `${count.enforced + count.notApplicable}/${count.total}` : ''] : [])]));
  }
  out.push('', `· same as NetBox   N* N differences, all in the allow-list   N! not all in it (listed below)${input.rules ? '   rules: messages recorded/in models.md' : ''}`);

  if (check.open.length) {
    out.push('', `Not in the allow-list (${check.open.length}):`);
    for (const d of check.open) {
      out.push(`  ${line(d)}`);
      if (d.scaffold) out.push(`    add under filters: ${d.scaffold}`);
    }
  }
  if (input.verbose && check.allowed.length) {
    out.push('', `In the allow-list (${check.allowed.length}):`);
    const byReason = new Map<string, Difference[]>();
    for (const d of check.allowed) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), d]);
    for (const [reason, list] of byReason) {
      out.push(`  ${reason}`);
      for (const d of list) out.push(`    ${line(d)}`);
    }
  }

  const summary = (cells: string[]) => [cells[0]!.padEnd(width), ...cells.slice(1).map((c) => c.padStart(8))].join(' ');
  out.push('', summary(['aspect', 'compared', 'differ', 'allowed', 'open']));
  const total = { compared: 0, allowed: 0, open: 0 };
  for (const aspect of aspects) {
    const allowed = check.allowed.filter((d) => d.aspect === aspect).length;
    const open = check.open.filter((d) => d.aspect === aspect).length;
    const compared = input.compared[aspect] ?? 0;
    total.compared += compared;
    total.allowed += allowed;
    total.open += open;
    out.push(summary([aspect, String(compared), String(allowed + open), String(allowed), String(open)]));
  }
  out.push(summary(['total', String(total.compared), String(total.allowed + total.open), String(total.allowed), String(total.open)]));
  if (input.rules) {
    const counts = [...input.rules.values()];
    const sum = (f: (c: RuleCount) => number) => counts.reduce((n, c) => n + f(c), 0);
    const all = sum((c) => c.total);
    const enforced = sum((c) => c.enforced);
    const notApplicable = sum((c) => c.notApplicable);
    out.push('', `Validation messages (models.md, bases included) of ${counts.length} served models: ${all}; enforced ${enforced}, not applicable ${notApplicable}, not recorded yet ${all - enforced - notApplicable}.`);
  }
  return `${out.join('\n')}\n`;
}

