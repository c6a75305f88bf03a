/**
 * @module
 * Reads serializers.md (a section per serializer: `## Name  (model M; netbox/<app>/…)`, a
 * `brief_fields:` line and a field table whose third column holds the field's class and flags)
 * and endpoints.md (a table row per routed endpoint: path, viewset, model, serializer, kind).
 */
import type { ChoicePair, EndpointFacts, SerializerFacts, SerializerField } from '../types.ts';
import { resolveDefault } from './defaults.ts';

/** Remarks the reference appends to a row's notes; they state nothing the flags do not. */
const REMARK = /\s*\((?:serializer-optional|must be present|property\/annotation)[^]*\)\s*$/;

/** One field table row's notes (`CharField max=100 UNIQUE`, `nested Site nullable default=None`). */
export function parseNotes(req: SerializerField['req'], notes: string, choices: Record<string, ChoicePair[]>): SerializerField {
  let rest = notes.replace(REMARK, '').trim();
  const field: SerializerField = { req, type: '' };
  // A default runs to the end of the notes and may hold spaces (`lambda: ''`).
  const defaultAt = rest.search(/(^|\s)default=/);
  if (defaultAt >= 0) {
    const expression = rest.slice(rest.indexOf('default=', defaultAt) + 'default='.length).trim();
    rest = rest.slice(0, defaultAt).trim();
    const resolved = resolveDefault(expression, choices);
    if (resolved.resolved) field.default = resolved.value;
    else field.defaultExpression = expression;
  }
  const tokens = rest.split(/\s+/).filter(Boolean);
  const type: string[] = [];
  for (const token of tokens) {
    if (token === 'nullable') field.nullable = true;
    else if (token === 'blank-ok') field.blank = true;
    else if (token === 'UNIQUE') field.unique = true;
    else if (token.startsWith('max=')) {
      const max = token.slice(4);
      if (/^\d+$/.test(max)) field.maxLength = Number(max);
      else field.maxLengthName = max;
    } else if (token.startsWith('choices=')) field.choices = token.slice('choices='.length);
    else if (token.startsWith('choice:')) {
      field.choices = token.slice('choice:'.length);
      type.push('choice');
    } else type.push(token);
  }
  let name = type.join(' ');
  if (name.includes('(write-only)')) {
    field.writeOnly = true;
    name = name.replace('(write-only)', '');
  }
  if (name.endsWith('[]')) {
    field.many = true;
    name = name.slice(0, -2);
  }
  field.type = name === 'read-only' || name === '' ? '' : name;
  return field;
}

/** Serializers by name. A field a table lists twice (TokenProvisionSerializer's `key`) keeps its first row. */
export function parseSerializers(text: string, choices: Record<string, ChoicePair[]>): Record<string, SerializerFacts> {
  const out: Record<string, SerializerFacts> = {};
  for (const section of text.split(/^## /m).slice(1)) {
    const head = /^(\w+)\s+\(model (\w+); netbox\/(\w+)\//.exec(section);
    if (!head) continue;
    const brief = /^brief_fields: \[(.*)\]$/m.exec(section);
    const fields: Record<string, SerializerField> = {};
    for (const m of section.matchAll(/^\| (\w+) \| (REQ\*?|opt|ro\??) \| (.*?) \|\s*$/gm)) {
      if (!(m[1]! in fields)) fields[m[1]!] = parseNotes(m[2] as SerializerField['req'], m[3]!, choices);
    }
    out[head[1]!] = { model: head[2]!, app: head[3]!, brief: brief ? [...brief[1]!.matchAll(/'(\w+)'/g)].map((b) => b[1]!) : null, fields };
  }
  return out;
}

/** Endpoints by path (`/api/dcim/devices/`). */
export function parseEndpoints(text: string): Record<string, EndpointFacts> {
  const out: Record<string, EndpointFacts> = {};
  for (const m of text.matchAll(/^\| (\/api\/\S+\/) \| \w+ \| ([^|]*) \| (\w*) \| ([^|]*)\|/gm)) {
    // A queryset in the model column (`RestrictedQuerySet(model=User).order_by(`,
    // `L2VPN.objects.all()`) names its model.
    const model = /model=(\w+)/.exec(m[2]!)?.[1] ?? /^\s*(\w+)\.objects\./.exec(m[2]!)?.[1] ?? m[2]!.trim();
    out[m[1]!] = { model, serializer: m[3]!, kind: m[4]!.trim() };
  }
  return out;
}
