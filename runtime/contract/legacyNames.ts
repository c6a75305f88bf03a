/**
 * @module
 * The former names of renamed fields (a resource's `legacyNames`, served with
 * LEGACY_FIELD_NAMES=true). A former name stands either for a field renamed (`device_role: role`)
 * or for a single field NetBox replaced with a list, as one entry of it:
 * `rear_port: rear_ports[position=1].rear_port` is the `rear_port` of the entry of `rear_ports`
 * whose `position` is 1 (NetBox 4.5 replaced a front port's `rear_port` and `rear_port_position`
 * with its `rear_ports` mappings; Debian's Ansible collection 3.13 still sends the former), or
 * for a field NetBox folded into a generic relation, as one type of it:
 * `site: termination:dcim.sites` writes the pair with a site's type and shows the object when the
 * pair is of that type (NetBox 4.2 folded a circuit termination's `site` and `provider_network`
 * into `termination`).
 */
import type { GenericEntry } from './inventory.ts';

/** A former single field now a key of one entry of a list field. */
export interface LegacyEntry {
  list: string;
  /** The key and value that pick the entry (`position`, 1), given to the entry a write makes. */
  match: string;
  value: number;
  key: string;
}

const ENTRY = /^([a-z_][a-z0-9_]*)\[([a-z_][a-z0-9_]*)=(\d+)\]\.([a-z_][a-z0-9_]*)$/;
const GENERIC = /^([a-z_][a-z0-9_]*):([a-z]+\.[a-z0-9-]+)$/;

/** A former field now one type of a generic relation: the relation's field and the target's resource key. */
export interface LegacyGeneric {
  field: string;
  target: string;
}

/** The generic relation and type a former name stands for, or null. */
export function legacyGeneric(current: string): LegacyGeneric | null {
  const m = GENERIC.exec(current);
  return m ? { field: m[1], target: m[2] } : null;
}

/** What writing and showing a generic former name needs from the catalogue: the relation's fields and the target's object type. */
export interface GenericLookup {
  relation(field: string): GenericEntry | undefined;
  objectType(target: string): string;
}

/** The entry a former name stands for, or null for a plain rename. */
export function legacyEntry(current: string): LegacyEntry | null {
  const m = ENTRY.exec(current);
  return m ? { list: m[1], match: m[2], value: Number(m[3]), key: m[4] } : null;
}

/** Whether `current` is a plain field name, an entry of a list (`rear_ports[position=1].rear_port`) or a type of a generic relation (`termination:dcim.sites`). */
export const isLegacyTarget = (current: string): boolean => /^[a-z_][a-z0-9_]*$/.test(current) || ENTRY.test(current) || GENERIC.test(current);

/** The field a former name refers to: the renamed field, the list holding the entry, or the generic relation. */
export const legacyField = (current: string): string => legacyEntry(current)?.list ?? legacyGeneric(current)?.field ?? current;

/**
 * A body with former names given under the current ones; the current name wins when both are.
 * Entries of one list are gathered into one entry; a generic former name (not null) writes the
 * pair unless either half is given.
 */
export function withCurrentNames(legacyNames: Record<string, string> | undefined, body: Record<string, unknown>, generics?: GenericLookup): Record<string, unknown> {
  if (!legacyNames) return body;
  const renamed = { ...body };
  const entries = new Map<string, Record<string, unknown>>();
  for (const [old, current] of Object.entries(legacyNames)) {
    if (!(old in body)) continue;
    const entry = legacyEntry(current);
    const generic = legacyGeneric(current);
    if (generic) {
      const relation = generics?.relation(generic.field);
      if (!relation || relation.typeField in body || relation.idField in body || body[old] === null || body[old] === undefined) continue;
      renamed[relation.typeField] = generics!.objectType(generic.target);
      renamed[relation.idField] = body[old];
    } else if (!entry) {
      if (!(current in body)) renamed[current] = body[old];
    } else if (!(entry.list in body)) {
      const made = entries.get(entry.list) ?? entries.set(entry.list, { [entry.match]: entry.value }).get(entry.list)!;
      made[entry.key] = body[old];
    }
  }
  for (const [list, entry] of entries) renamed[list] = [entry];
  return renamed;
}

/**
 * A representation as the clients LEGACY_FIELD_NAMES serves read it: former names repeated after
 * the current ones (an entry's key taken from the list shown, null without that entry; a generic
 * relation's object when `typeOf` says the pair is of the former field's type, else null), then
 * the resource's `legacyHidden` fields left out.
 */
export function withLegacyNames(legacyNames: Record<string, string> | undefined, out: Record<string, unknown>, hidden: readonly string[] = [], isOfType?: (generic: LegacyGeneric) => boolean): Record<string, unknown> {
  for (const [old, current] of Object.entries(legacyNames ?? {})) {
    const entry = legacyEntry(current);
    const generic = legacyGeneric(current);
    if (generic) {
      if (generic.field in out) out[old] = isOfType?.(generic) ? out[generic.field] : null;
    } else if (!entry) {
      if (current in out) out[old] = out[current];
    } else if (entry.list in out) {
      const list = Array.isArray(out[entry.list]) ? (out[entry.list] as Record<string, unknown>[]) : [];
      out[old] = list.find((e) => Number(e[entry.match]) === entry.value)?.[entry.key] ?? null;
    }
  }
  for (const name of hidden) delete out[name];
  return out;
}
