/**
 * @module
 * Turns database rows (with related objects already built as JSON) into NetBox's representation:
 * absolute `url`/`display_url`, `display`, choices as `{value, label}`, numbers as numbers.
 */
import { formatDisplay } from './display.ts';
import type { Field, Resource } from './model.ts';
import type { Registry } from './registry.ts';

type Row = Record<string, unknown>;

export class Serializer {
  constructor(
    private readonly registry: Registry,
    /** Scheme and host of the request, e.g. `http://127.0.0.1:8000`. */
    private readonly origin: string,
  ) {}

  url(resource: Resource, id: unknown): string {
    return `${this.origin}/api/${resource.app}/${resource.path}/${id}/`;
  }

  /** Serialises `row` showing the `shown` field names, in the resource's field order. */
  object(resource: Resource, row: Row, shown: ReadonlySet<string>): Row {
    const out: Row = {};
    for (const field of resource.fields) {
      if (!shown.has(field.name) || field.writeOnly) continue;
      out[field.name] = this.value(resource, field, row);
    }
    return out;
  }

  private nested(target: Resource, row: Row | null): Row | null {
    if (!row) return null;
    return this.object(target, row, new Set(target.nested));
  }

  private value(resource: Resource, field: Field, row: Row): unknown {
    const raw = row[field.name];
    switch (field.kind) {
      case 'id': return Number(row.id);
      case 'url': return this.url(resource, row.id);
      case 'display_url': return `${this.origin}/${resource.uiPath}/${row.id}/`;
      case 'display': return formatDisplay(resource, row, this.registry.labelsOf(resource));
      case 'integer': case 'count': case 'depth': return raw === null || raw === undefined ? (field.kind === 'integer' ? null : 0) : Number(raw);
      case 'decimal': return raw === null || raw === undefined ? null : Number(raw);
      case 'choice': {
        if (raw === null || raw === undefined || raw === '') return null;
        if (!field.labelled) return raw;
        return { value: raw, label: this.registry.choiceLabel(field.choiceSet!, raw as string | number) };
      }
      case 'fk': return this.nested(this.registry.get(field.target!).resource, raw as Row | null);
      case 'generic_fk': {
        const target = this.registry.byObjectType.get(String(row[field.generic!.typeField]))?.resource;
        return target ? this.nested(target, raw as Row | null) : null;
      }
      case 'm2m': case 'tags': {
        const target = this.registry.get(field.target!).resource;
        return ((raw as Row[] | null) ?? []).map((r) => this.nested(target, r));
      }
      case 'custom_fields': return raw ?? {};
      case 'string_list': case 'ip_network_list': return raw ?? [];
      default: return raw ?? null;
    }
  }
}
