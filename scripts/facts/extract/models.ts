/**
 * @module
 * Reads models.md: `## <app>` sections of `### Model — bases: A, B` entries, each with its
 * relations (`- ForeignKey \`site\` → dcim.Site; on_delete PROTECT; null; related_name devices`),
 * unique constraints (`- unique (a, b) where Q(c__isnull=True) — "message"`) and the validation
 * messages its methods raise (`- rule [clean] field: message`).
 */
import type { ModelFacts, RelationFacts, UniqueFacts } from '../types.ts';

export function parseModels(text: string): Record<string, ModelFacts> {
  const out: Record<string, ModelFacts> = {};
  for (const appSection of text.split(/^## /m).slice(1)) {
    const app = /^(\w+)/.exec(appSection)![1]!;
    for (const section of appSection.split(/^### /m).slice(1)) {
      const head = /^(\w+)( \(abstract\))? — bases: ?(.*)$/m.exec(section);
      if (!head) continue;
      const key = `${app}.${head[1]}`;
      if (key in out) throw new Error(`models.md: ${key} is described twice`);
      const model: ModelFacts = {
        ...(head[2] ? { abstract: true as const } : {}),
        bases: head[3]!.split(',').map((b) => b.trim()).filter(Boolean),
        relations: {},
        unique: [],
        rules: [],
      };
      for (const line of section.split('\n').slice(1)) {
        const relation = /^- (ForeignKey|OneToOneField|ManyToManyField|GenericForeignKey) `(\w+)` → (\S+?)(?:;|$)(.*)$/.exec(line);
        if (relation) {
          model.relations[relation[2]!] = parseRelation(relation[1] as RelationFacts['kind'], relation[3]!, relation[4]!);
          continue;
        }
        const unique = /^- unique \((.*?)\)(?: where (.*?))?(?: — "(.*)")?$/.exec(line);
        if (unique) {
          model.unique.push(parseUnique(unique[1]!, unique[2], unique[3]));
          continue;
        }
        const rule = /^- rule \[(\w+)\] (.*)$/.exec(line);
        if (rule) {
          const fielded = /^([\w.{}]+): (.+)$/.exec(rule[2]!);
          model.rules.push(fielded ? { hook: rule[1]!, field: fielded[1]!, message: fielded[2]! } : { hook: rule[1]!, message: rule[2]! });
        }
      }
      out[key] = model;
    }
  }
  return out;
}

function parseRelation(kind: RelationFacts['kind'], target: string, rest: string): RelationFacts {
  const relation: RelationFacts = { kind, target: kind === 'GenericForeignKey' ? '' : target };
  const onDelete = /on_delete (\w+)/.exec(rest);
  if (onDelete) relation.onDelete = onDelete[1]!;
  if (/; null(;|$)/.test(rest)) relation.null = true;
  return relation;
}

/** `Lower('name'), 'site', 'tenant'` or `parent, name`; a condition `Q(a__isnull=True, b__isnull=True)` becomes whereNull. */
export function parseUnique(fieldList: string, condition: string | undefined, message: string | undefined): UniqueFacts {
  const fields: string[] = [];
  const lower: string[] = [];
  for (const part of fieldList.split(',').map((p) => p.trim()).filter(Boolean)) {
    const lowered = /^Lower\('?(\w+)'?\)$/.exec(part);
    const name = (lowered ? lowered[1]! : part).replace(/^'|'$/g, '');
    fields.push(name);
    if (lowered) lower.push(name);
  }
  const unique: UniqueFacts = { fields };
  if (lower.length) unique.lower = lower;
  if (condition) {
    const clauses = (/^Q\((.*)\)$/.exec(condition)?.[1]?.split(',') ?? []).map((c) => /^\s*(\w+?)__isnull=(True|False)\s*$/.exec(c));
    if (clauses.length && clauses.every((c) => c)) {
      const whereNull = clauses.filter((c) => c![2] === 'True').map((c) => c![1]!);
      const whereNotNull = clauses.filter((c) => c![2] === 'False').map((c) => c![1]!);
      if (whereNull.length) unique.whereNull = whereNull;
      if (whereNotNull.length) unique.whereNotNull = whereNotNull;
    } else unique.condition = condition;
  }
  if (message) unique.message = message;
  return unique;
}
