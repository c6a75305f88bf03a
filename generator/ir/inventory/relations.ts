/**
 * @module
 * The relations between resources: m2m link tables (a `reverse_of` field shares its forward
 * field's table), and the relation graph the runtime's delete collector walks — every fk, generic
 * relation, m2m and tag link, with what deleting the object it points at does.
 */
import { TAG_LINK, type RelationEntry } from '../../../runtime/contract/index.ts';
import { fieldKind } from '../../../runtime/kinds/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { LinkTableIR, ResourceIR } from '../types.ts';
import type { Pending } from './pending.ts';
import { didYouMean } from '../../suggest.ts';

/** Points each `reverse_of` m2m field at the link table of the field it mirrors, source and target swapped. */
export function linkReverseRelations(pending: Pending[], byKey: Map<string, ResourceIR>, out: Diagnostic[]): void {
  for (const p of pending) {
    for (const [name, def] of Object.entries(p.definition.fields ?? {})) {
      if (!def?.reverse_of) continue;
      const field = p.ir.fields.find((f) => f.name === name);
      const forward = field?.target ? byKey.get(field.target)?.fields.find((f) => f.name === def.reverse_of) : undefined;
      // The mirrored field is of the mirror's own kind (reverse_of is a key of that kind alone).
      if (!field || !forward?.link || forward.kind !== field.kind) {
        out.push(p.source.diagnostic([...p.at, 'fields', name, 'reverse_of'], 'E_UNKNOWN_FIELD', `${p.ir.key}.${name}: ${field?.target ?? '?'} has no m2m field "${def.reverse_of}"${didYouMean(def.reverse_of, (field?.target ? byKey.get(field.target)?.fields ?? [] : []).filter((f) => f.kind === field?.kind).map((f) => f.name))}`));
        continue;
      }
      field.link = { table: forward.link.table, source: forward.link.target, target: forward.link.source };
      field.reverseOf = def.reverse_of;
    }
  }
}

export function linkTables(resources: ResourceIR[]): LinkTableIR[] {
  const byKey = new Map(resources.map((r) => [r.key, r]));
  const tables: LinkTableIR[] = [];
  for (const r of resources) {
    for (const f of r.fields) {
      // A field with a link table of its own (a many-to-many field's; tags share theirs, and have no `link`).
      if (!f.link || !f.target || f.reverseOf) continue;
      const target = byKey.get(f.target);
      if (target) tables.push({ name: f.link.table, source: { column: f.link.source, table: r.table }, target: { column: f.link.target, table: target.table } });
    }
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

export function buildRelations(resources: ResourceIR[]): RelationEntry[] {
  const relations: RelationEntry[] = [];
  for (const r of resources) {
    // A resource over the tag link table (tagged objects) holds tag assignments: they go with
    // either end through the `tags` relations, never as rows of their own.
    if (r.table === TAG_LINK.table) continue;
    for (const f of r.fields) {
      const edge = fieldKind(f.kind).relation?.deleteEdge?.(f);
      if (edge) relations.push({ resource: r.key, field: f.name, ...edge });
    }
  }
  return relations.sort((a, b) => `${a.resource}.${a.field}`.localeCompare(`${b.resource}.${b.field}`));
}
