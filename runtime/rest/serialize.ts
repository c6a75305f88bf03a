/**
 * @module
 * Turns selected rows into NetBox's JSON: each field kind serialises its own value (choices as
 * `{value, label}`, decimals as numbers, nested objects through their target's fields); URLs are
 * built from the request's origin. Field order is the resource's, as NetBox's serializers order them.
 * Writes answer through it; reads answer JSON that PostgreSQL renders alike (each kind's `json`),
 * which runtime/server/rendering.e2e.test.ts compares with this for every served resource.
 */
import { withLegacyNames, type LegacyGeneric, type Resource } from '../contract/index.ts';
import { fieldKind, type CustomFieldSet, type SerializeContext } from '../kinds/index.ts';
import type { Registry } from './registry.ts';

type Row = Record<string, unknown>;

export class Serializer implements SerializeContext {
  constructor(
    private readonly registry: Registry,
    /** Scheme and host of the request, e.g. `http://127.0.0.1:8000`. */
    private readonly origin: string,
    /** Repeat renamed fields under their former names (`legacyNames`), as NetBox did while it deprecated them. */
    private readonly legacyFieldNames = false,
    /** The custom fields of the resource shown, loaded for this response. */
    private readonly customFieldSet: CustomFieldSet | null = null,
  ) {}

  customFields(resource: Resource): CustomFieldSet | null {
    return this.customFieldSet?.resource === resource.key ? this.customFieldSet : null;
  }

  resource(key: string): Resource {
    return this.registry.resource(key);
  }

  choiceSet(name: string) {
    return this.registry.choiceSet(name);
  }

  choiceLabel(set: string, value: unknown): string {
    return this.registry.choiceLabel(set, value);
  }

  byObjectType(objectType: string): Resource | undefined {
    return this.registry.byObjectType.get(objectType)?.resource;
  }

  url(resource: Resource, id: unknown): string {
    return `${this.origin}/api/${resource.app}/${resource.path}/${id}/`;
  }

  uiUrl(resource: Resource, id: unknown): string {
    return `${this.origin}/${resource.uiPath}/${id}/`;
  }

  mediaUrl(path: string): string {
    return `${this.origin}/media/${path}`;
  }

  /** Serialises `row` showing the `shown` field names, in the resource's field order. */
  object(resource: Resource, row: Row, shown: ReadonlySet<string>): Row {
    const out: Row = {};
    for (const field of resource.fields) {
      if (!shown.has(field.name) || field.writeOnly) continue;
      out[field.name] = fieldKind(field.kind).serialize(field, resource, row, this);
    }
    if (!this.legacyFieldNames) return out;
    // A generic former name shows the object when the stored pair is of its type.
    const isOfType = (generic: LegacyGeneric) => {
      const relation = this.registry.field(resource, generic.field)?.generic;
      return relation !== undefined && row[this.registry.field(resource, relation.typeField)!.column!] === this.registry.resource(generic.target).objectType;
    };
    return withLegacyNames(resource.legacyNames, out, resource.legacyHidden, isOfType);
  }

  nested(target: string, row: Row | null, shows?: string[]): Row | null {
    if (!row) return null;
    const resource = this.registry.resource(target);
    return this.object(resource, row, new Set(shows ?? resource.nested));
  }
}
