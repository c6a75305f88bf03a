/**
 * @module
 * Turns an action's `params` into the controller request: each key goes where the operation declares
 * it (path, then query, then header), the rest are body fields at the top level; `{body: X}` alone is
 * unwrapped (models sometimes nest anyway), and a non-object body is `params.body`. Values are checked
 * against the declared types; problems come back as one message naming every bad or missing key.
 */
import type { TableOperation, TableParam, ValueType } from '../../contract/toolTable.ts';

export interface BuiltRequest {
  /** Path with parameters substituted (relative to `/dataservice`), without the query string. */
  path: string;
  /** The path parameters substituted, as text (before encoding). */
  pathParams: Record<string, string>;
  /** Query parameters as sent (arrays repeat the key). */
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** Body to send as JSON (or form fields), or undefined for none. */
  body: unknown;
}

export class ParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamsError';
  }
}

/** Headers a parameter may never set: the session owns them. */
const RESERVED_HEADERS = new Set(['authorization', 'cookie', 'x-xsrf-token', 'proxy-authorization', 'host', 'content-length', 'content-type']);

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Whether a value fits a declared type; strings that spell a number or boolean fit those types. */
export function fits(type: ValueType, value: unknown): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    case 'integer':
      return (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value.trim()));
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function checkParam(p: TableParam, value: unknown, problems: string[]): string | string[] | null {
  if (p.type === 'array') {
    const list = Array.isArray(value) ? value : [value];
    const bad = list.find((item) => (item !== null && typeof item === 'object') || !fits(p.items ?? 'any', item));
    if (bad !== undefined) {
      problems.push(`${p.name} (${p.in}): expected ${p.items && p.items !== 'any' ? `${p.items} ` : ''}values, got ${typeName(bad)}`);
      return null;
    }
    return list.map(scalarText);
  }
  if ((value !== null && typeof value === 'object' && p.type !== 'object' && p.type !== 'any') || !fits(p.type, value)) {
    problems.push(`${p.name} (${p.in}): expected ${p.type}, got ${typeName(value)}${typeof value === 'string' ? ` "${value.slice(0, 40)}"` : ''}`);
    return null;
  }
  const text = scalarText(value);
  if (p.enum && !p.enum.map(String).includes(text)) {
    problems.push(`${p.name} (${p.in}): must be one of ${p.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(text)}`);
    return null;
  }
  return text;
}

export function buildRequest(op: TableOperation, actionName: string, rawParams: unknown): BuiltRequest {
  if (rawParams !== undefined && rawParams !== null && (typeof rawParams !== 'object' || Array.isArray(rawParams))) {
    throw new ParamsError(`"params" must be an object of parameters, got ${typeName(rawParams)}`);
  }
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((rawParams ?? {}) as Record<string, unknown>)) if (value !== undefined && value !== null) params[key] = value;

  const declared = new Map(op.params.map((p) => [p.name, p]));
  const body = op.body && ['POST', 'PUT', 'PATCH'].includes(op.method) ? op.body : null;
  const bodyFieldNames = new Set(body?.fields.map((f) => f.name) ?? []);
  // `{body: X}` as the only non-parameter key, where the body has no field called `body`: unwrap it.
  const rest = Object.keys(params).filter((k) => !declared.has(k));
  if (body && rest.length === 1 && rest[0] === 'body' && !bodyFieldNames.has('body')) {
    const inner = params.body;
    delete params.body;
    if (body.shape === 'object' && inner && typeof inner === 'object' && !Array.isArray(inner)) Object.assign(params, inner);
    else params.body = inner;
  }

  const problems: string[] = [];
  const missing = op.params.filter((p) => p.required && params[p.name] === undefined).map((p) => `${p.name} (${p.in})`);
  let path = op.path;
  const query: Record<string, string | string[]> = {};
  const headers: Record<string, string> = {};
  const pathParams: Record<string, string> = {};
  for (const p of op.params) {
    const value = params[p.name];
    if (value === undefined) continue;
    const checked = checkParam(p, value, problems);
    if (checked === null) continue;
    if (p.in === 'path') {
      const text = Array.isArray(checked) ? checked.join(',') : checked;
      if (text === '') problems.push(`${p.name} (path): must not be empty`);
      // Encoded whole: a value can never add path segments (`../`) or a query string.
      path = path.split(`{${p.name}}`).join(encodeURIComponent(text));
      pathParams[p.name] = text;
    } else if (p.in === 'query') query[p.name] = checked;
    else if (RESERVED_HEADERS.has(p.name.toLowerCase())) problems.push(`${p.name} (header): set by the bridge, not by parameters`);
    else headers[p.name] = Array.isArray(checked) ? checked.join(',') : checked;
  }

  let payload: unknown;
  const leftovers = Object.keys(params).filter((k) => !declared.has(k));
  if (body) {
    if (body.shape === 'object') {
      const fields: Record<string, unknown> = {};
      for (const key of leftovers) fields[key] = params[key];
      for (const f of body.fields) {
        const value = fields[f.name];
        if (value === undefined) {
          if (f.required) missing.push(`${f.name} (body)`);
        } else if (!fits(f.type, value) || (f.type === 'string' && typeof value !== 'string')) {
          problems.push(`${f.name} (body): expected ${f.type}, got ${typeName(value)}`);
        }
      }
      if (leftovers.length || body.required) payload = fields;
    } else {
      if (params.body !== undefined) payload = params.body;
      else if (body.required) missing.push('body (the whole request body)');
      const strays = leftovers.filter((k) => k !== 'body');
      if (strays.length) problems.push(`unknown parameter(s) ${strays.join(', ')}; this action takes ${[...declared.keys(), 'body'].join(', ')}`);
    }
  } else if (leftovers.length) {
    const accepted = [...declared.keys()];
    problems.push(`unknown parameter(s) ${leftovers.join(', ')}; ${accepted.length ? `this action takes ${accepted.join(', ')}` : 'this action takes no parameters'}`);
  }
  if (missing.length) problems.unshift(`missing required parameter(s): ${missing.join(', ')}`);
  if (problems.length) throw new ParamsError(`Invalid params for ${actionName} (${op.method} ${op.path}): ${problems.join('; ')}.`);
  return { path, pathParams, query, headers, body: payload };
}

/** `?a=1&b=x&b=y` for the query object (empty string when none). */
export function queryString(query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}
