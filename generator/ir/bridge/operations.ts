/**
 * @module
 * Reads the operations of a version's (dereferenced) OpenAPI documents into `BridgeOperationIR`s:
 * method, path, tag, parameters with their JSON types, and the shape of the request body. Documents
 * are merged in name order; the same method and path in two documents is an error.
 */
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedSpecVersion } from '../../load/specs/readSpecFolders.ts';
import { actionBaseName, slug, uniqueName } from './naming.ts';
import { isReadOnlyOperation } from './readOnly.ts';
import { BODY_EXAMPLE_MAX_CHARS } from '../../../runtime/contract/toolTable.ts';
import type { BridgeBodyFieldIR, BridgeBodyIR, BridgeOperationIR, BridgeParamIR, HttpMethod, ValueType } from './types.ts';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3_1.SchemaObject;
type Operation = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3.ParameterObject;

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const METHOD_ORDER = new Map(METHODS.map((m, i) => [m, i]));

/** Code-unit order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareOperations(a: { path: string; method: HttpMethod }, b: { path: string; method: HttpMethod }): number {
  return compareText(a.path, b.path) || METHOD_ORDER.get(a.method)! - METHOD_ORDER.get(b.method)!;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line, at most `max` characters: enough for a tool description, never a wall of text. */
export function oneLine(text: unknown, max = 200): string {
  if (typeof text !== 'string') return '';
  const flat = text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function firstSentence(text: unknown): string {
  const line = oneLine(text, 1000);
  const end = line.search(/\.(\s|$)/);
  return oneLine(end > 0 ? line.slice(0, end) : line);
}

/** Follows local `$ref`s (`#/components/...`); an external or broken one reads as an empty schema. */
export type Resolve = (value: unknown) => unknown;

export function localResolver(doc: unknown): Resolve {
  const cache = new Map<string, unknown>();
  const lookup = (ref: string): unknown => {
    if (cache.has(ref)) return cache.get(ref);
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
      node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    }
    cache.set(ref, node);
    return node;
  };
  return (value) => {
    let node = value;
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string'; hops++) {
      if (!node.$ref.startsWith('#/') || hops > 16) return {};
      node = lookup(node.$ref);
    }
    return node;
  };
}

const noRefs: Resolve = (value) => value;

export function schemaType(raw: unknown, resolve: Resolve = noRefs): ValueType {
  const schema = resolve(raw);
  if (!isObject(schema)) return 'any';
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (declared === 'string' || declared === 'integer' || declared === 'number' || declared === 'boolean' || declared === 'array' || declared === 'object') return declared;
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return 'object';
  if (isObject(schema.items)) return 'array';
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const types = schema.allOf.map((part) => schemaType(part, resolve)).filter((t) => t !== 'any');
    if (types.length && types.every((t) => t === types[0])) return types[0];
  }
  return 'any';
}

function primitive(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

function readParam(raw: unknown, resolve: Resolve): BridgeParamIR | null {
  const p = resolve(raw) as Parameter;
  if (!isObject(p) || typeof p.name !== 'string' || !p.name) return null;
  if (p.in !== 'path' && p.in !== 'query' && p.in !== 'header') return null;
  const resolved = resolve(p.schema);
  const schema = (isObject(resolved) ? resolved : {}) as Schema;
  const type = schemaType(schema, resolve);
  const values = Array.isArray(schema.enum) ? schema.enum.map(primitive).filter((v): v is string | number | boolean => v !== null) : [];
  return {
    name: p.name,
    in: p.in,
    required: p.in === 'path' || p.required === true,
    type,
    items: type === 'array' ? schemaType((schema as { items?: unknown }).items, resolve) : null,
    enum: values.length ? values : null,
    default: primitive(schema.default),
    description: oneLine(p.description ?? schema.description),
  };
}

/** Top-level properties of an object schema, following `$ref`s and `allOf`. */
function objectFields(raw: unknown, resolve: Resolve, seen = new Set<unknown>()): BridgeBodyFieldIR[] {
  const schema = resolve(raw) as Schema;
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const fields: BridgeBodyFieldIR[] = [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    fields.push(...objectFields(part, resolve, seen));
  }
  for (const [name, raw] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const property = resolve(raw);
    const description = isObject(property) ? oneLine(property.description, 120) : '';
    fields.push({ name, type: schemaType(property, resolve), required: required.has(name), description });
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  return [...byName.values()];
}

function readBody(operation: Operation, resolve: Resolve): BridgeBodyIR | null {
  const body = resolve(operation.requestBody) as OpenAPIV3.RequestBodyObject;
  if (!isObject(body) || !isObject(body.content)) return null;
  const types = Object.keys(body.content);
  if (!types.length) return null;
  const contentType = types.find((t) => /^application\/json/i.test(t)) ?? types.find((t) => t === '*/*') ?? types[0];
  const media = body.content[contentType];
  const schema = isObject(media) && isObject(media.schema) ? media.schema : null;
  const type = schema ? schemaType(schema, resolve) : 'any';
  const shape = type === 'object' ? 'object' : type === 'array' ? 'array' : 'other';
  const example = bodyExample(media, schema, resolve);
  return { contentType, required: body.required === true, shape, fields: shape === 'object' && schema ? objectFields(schema, resolve) : [], ...(example === undefined ? {} : { example }) };
}

/** The media type's `example`, else its first `examples` entry, else the schema's; dropped when long. */
function bodyExample(media: unknown, schema: unknown, resolve: Resolve): unknown {
  const m = isObject(media) ? (media as { example?: unknown; examples?: unknown }) : {};
  const named = isObject(m.examples) ? Object.keys(m.examples).map((key) => resolve((m.examples as Record<string, unknown>)[key])) : [];
  const first = named.find((e) => isObject(e) && 'value' in e) as { value?: unknown } | undefined;
  const resolved = isObject(schema) ? (resolve(schema) as { example?: unknown }) : undefined;
  const example = m.example !== undefined ? m.example : first !== undefined ? first.value : resolved?.example;
  if (example === undefined || example === null) return undefined;
  const text = JSON.stringify(example);
  return text !== undefined && text.length <= BODY_EXAMPLE_MAX_CHARS ? example : undefined;
}

function mergeParams(pathLevel: unknown, opLevel: unknown, resolve: Resolve): BridgeParamIR[] {
  const byKey = new Map<string, BridgeParamIR>();
  for (const list of [pathLevel, opLevel]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const p = readParam(raw, resolve);
      if (p) byKey.set(`${p.in}:${p.name}`, p);
    }
  }
  const order = { path: 0, query: 1, header: 2 };
  return [...byKey.values()].map((p, i) => ({ p, i })).sort((a, b) => order[a.p.in] - order[b.p.in] || a.i - b.i).map(({ p }) => p);
}

/** A `{name}` in the path that no parameter declares is still a required path parameter. */
function withTemplateParams(path: string, params: BridgeParamIR[]): BridgeParamIR[] {
  const declared = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
  const implied = [...path.matchAll(/\{([^}]+)\}/g)]
    .map((m) => m[1])
    .filter((name) => !declared.has(name))
    .map((name): BridgeParamIR => ({ name, in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: '' }));
  const pathParams = params.filter((p) => p.in === 'path');
  return [...pathParams, ...implied, ...params.filter((p) => p.in !== 'path')];
}

/** Spec paths are relative to `/dataservice`; a document that spells the prefix out is brought in line. */
function normalizePath(path: string): string {
  const stripped = path.replace(/^\/dataservice(?=\/|$)/, '');
  return stripped.startsWith('/') ? stripped : `/${stripped}`;
}

/** Every operation of the version, sorted by path then method, with action names assigned. */
export function readOperations(version: LoadedSpecVersion): { operations: BridgeOperationIR[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map<string, BridgeOperationIR>();
  for (const doc of version.documents) {
    const resolve = localResolver(doc.api);
    for (const [rawPath, rawItem] of Object.entries(doc.api.paths ?? {})) {
      const item = resolve(rawItem);
      if (!isObject(item)) continue;
      const path = normalizePath(rawPath);
      for (const method of METHODS) {
        const operation = item[method.toLowerCase()] as Operation | undefined;
        if (!isObject(operation)) continue;
        const key = `${method} ${path}`;
        const existing = byKey.get(key);
        if (existing) {
          diagnostics.push({ file: doc.display, line: 1, col: 1, code: 'E_SPEC', message: `${key} is also defined in ${existing.source}; each operation must come from one document` });
          continue;
        }
        const operationId = typeof operation.operationId === 'string' && operation.operationId ? operation.operationId : `${method.toLowerCase()}_${path}`;
        const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' && operation.tags[0].trim() ? operation.tags[0].trim() : 'Untagged';
        byKey.set(key, {
          operationId,
          method,
          path,
          tag,
          summary: oneLine(operation.summary) || firstSentence(operation.description),
          deprecated: operation.deprecated === true,
          readOnly: isReadOnlyOperation(method, path, operationId),
          params: withTemplateParams(path, mergeParams(item.parameters, operation.parameters, resolve)),
          body: readBody(operation, resolve),
          action: '',
          source: doc.name,
        });
      }
    }
  }
  const operations = [...byKey.values()].sort(compareOperations);
  // Names are assigned over the whole tag, in path order, before any filtering or splitting, so an
  // action keeps its name whatever the mode and the split cap. Where two operations would share a
  // name, one that addresses a single item (`.../site/{id}`) says so (`..._site_by_id`); a clash left
  // after that takes `_2`, `_3`… in path order.
  const byTag = new Map<string, BridgeOperationIR[]>();
  for (const op of operations) {
    const list = byTag.get(op.tag);
    if (list) list.push(op);
    else byTag.set(op.tag, [op]);
  }
  for (const ops of byTag.values()) {
    const bases = ops.map((op) => actionBaseName(op.method, op.path, op.tag));
    const counts = new Map<string, number>();
    for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
    const used = new Set<string>();
    ops.forEach((op, i) => {
      const item = /\{([^}]+)\}$/.exec(op.path)?.[1];
      const base = counts.get(bases[i])! > 1 && item ? `${bases[i]}_by_${slug(item) || 'id'}` : bases[i];
      op.action = uniqueName(base, used);
    });
  }
  return { operations, diagnostics };
}
