/**
 * @module
 * fast-check arbitraries for request bodies, derived from the OpenAPI document's schemas: values
 * that fit the schema (so writes succeed and build state), mixed with hostile ones (NUL bytes,
 * ids past PostgreSQL's integer range, wrong types, deep nesting, empty and huge strings) in any
 * position. Used by the fuzzing guard (runtime/server/fuzz.e2e.test.ts).
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

/** Values that broke a NetBox clone before: each must end in a NetBox-shaped 4xx. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, '', ' ', 'a\u0000b', '\u0000', 2147483648, -2147483649, 9.99e99, 1e308, -1, 0, 0.5, true, false, [], {}, [null], [{}],
    '9999999999999999999999', '2024-02-30', '1e400', 'NaN', 'Infinity', '../../etc/passwd', "'; DROP TABLE dcim_site; --", '%', '_', '\\', '\u{1F600}', 'ǅ', '\uFFFF',
    { id: 2147483648 }, { name: 'a\u0000' }, { slug: { slug: { slug: 'x' } } }, { nope: 1 }, ['x', 1, null],
  ),
  fc.string({ maxLength: 300, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 2, max: 40 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { name: value };
    return value;
  }),
);

/** Keys a client must not be able to set (hidden, read-only, or fixed after create): sent anyway. */
export const forbiddenKeys = ['id', 'is_superuser', 'is_staff', 'plaintext', 'hmac_digest', 'key', 'pepper_id', 'user', 'version', 'created', 'last_updated', 'tree_path', 'tree_depth', '_depth', 'custom_field_data', 'display', 'url'];

export interface ArbitraryOptions {
  /** Ids likely to exist (the fuzz suite seeds objects first), so references often resolve. */
  ids: fc.Arbitrary<number>;
  /** Chance (0–1) that any one value is replaced by a hostile one. */
  hostility: number;
}

export class SchemaArbitraries {
  constructor(
    private readonly document: OpenAPIV3.Document,
    private readonly options: ArbitraryOptions,
  ) {}

  private resolve(schema: Schema): OpenAPIV3.SchemaObject {
    let current = schema;
    for (let i = 0; i < 10 && '$ref' in current; i++) {
      const name = current.$ref.split('/').pop()!;
      current = this.document.components!.schemas![name];
    }
    return current as OpenAPIV3.SchemaObject;
  }

  /** A value for `schema`, sometimes replaced by a hostile one. */
  value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const fitting = this.fitting(this.resolve(schema), depth);
    const { hostility } = this.options;
    if (hostility <= 0) return fitting;
    return fc.oneof({ arbitrary: fitting, weight: Math.round((1 - hostility) * 100) }, { arbitrary: hostileValue, weight: Math.max(1, Math.round(hostility * 100)) });
  }

  private fitting(schema: OpenAPIV3.SchemaObject, depth: number): fc.Arbitrary<unknown> {
    const withNull = (arb: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof(arb, fc.constant(null)) : arb);
    if (schema.enum) return withNull(fc.constantFrom(...schema.enum));
    if (schema.oneOf) return withNull(fc.oneof(...schema.oneOf.map((s) => this.value(s, depth + 1))));
    if (schema.allOf) {
      const parts = schema.allOf.map((s) => this.value(s, depth + 1));
      return fc.tuple(...parts).map((values) => Object.assign({}, ...values.filter((v) => v && typeof v === 'object' && !Array.isArray(v))));
    }
    switch (schema.type) {
      case 'integer':
        // fast-check's integers are safe integers: a 64-bit field's bounds (±2^63, an L2VPN's
        // identifier) are clamped to them, or drawing a value never ends.
        return withNull(fc.oneof(this.options.ids, fc.integer({ min: Math.max(schema.minimum ?? -5, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 70000, Number.MAX_SAFE_INTEGER) })));
      case 'number':
        return withNull(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 1000) / 1000));
      case 'boolean':
        return withNull(fc.boolean());
      case 'array':
        return withNull(fc.array(schema.items ? this.value(schema.items, depth + 1) : fc.jsonValue(), { maxLength: 3 }));
      case 'object': {
        if (!schema.properties || depth > 4) return withNull(fc.dictionary(fc.constantFrom('id', 'name', 'slug', 'asn'), fc.oneof(this.options.ids, fc.string({ maxLength: 8 })), { maxKeys: 2 }));
        const required = new Set(schema.required ?? []);
        const keys = Object.keys(schema.properties);
        const record = fc.record(Object.fromEntries(keys.map((k) => [k, this.value(schema.properties![k], depth + 1)])), { requiredKeys: keys.filter((k) => required.has(k)) });
        if (this.options.hostility <= 0) return withNull(record);
        // Mass assignment: keys the schema does not offer, with any value.
        const extra = fc.dictionary(fc.constantFrom(...forbiddenKeys), fc.oneof(hostileValue, this.options.ids), { maxKeys: 2 });
        return withNull(fc.tuple(record, fc.option(extra, { freq: 3 })).map(([object, more]) => ({ ...(more ?? {}), ...object })));
      }
      default:
        return withNull(this.string(schema));
    }
  }

  private string(schema: OpenAPIV3.SchemaObject): fc.Arbitrary<string> {
    const max = Math.min(schema.maxLength ?? 60, 120);
    if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (schema.pattern === '^[-a-zA-Z0-9_]+$') return fc.stringMatching(/^[a-z0-9-]{1,20}$/);
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
    return fc.string({ minLength: schema.minLength ?? 0, maxLength: max });
  }
}

/** Query strings NetBox clients send, plus odd ones: unknown names, huge numbers, bad dates, NULs. */
export function queryString(filterNames: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.constantFrom('limit', 'offset', 'start', 'ordering', 'brief', 'fields', 'omit', 'q', 'id', 'id__gt', 'created__gte', 'tag', 'unknown_filter'),
    filterNames.length ? fc.constantFrom(...filterNames) : fc.constant('id'),
  );
  const value = fc.oneof(
    fc.constantFrom('1', '0', '-1', 'true', 'null', '', '99999999999999999999999', '2024-13-45', 'a\u0000', '(', '[', 'name,-id', 'id', 'x'.repeat(300)),
    fc.string({ maxLength: 20 }),
    fc.nat().map(String),
  );
  return fc.array(fc.tuple(name, value), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());
}
