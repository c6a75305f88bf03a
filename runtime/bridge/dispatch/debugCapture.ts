/**
 * @module
 * Debug capture: a record of the upstream exchange behind a tool call, attached to JSON-object
 * results and logged to stderr as `[dispatcher][debug] {json}`. Bodies over about 20 KB serialized are
 * cut to a preview. With redaction on (the default), credential headers and every body or query value
 * under a key that names a secret are replaced by `<redacted>` — in the debug copy only: the tool's
 * own result is never altered.
 */
import type { HttpRequest, HttpResponse } from '../controller/httpClient.ts';
import { queryString } from './buildRequest.ts';

export const REDACTED = '<redacted>';
/** Serialized size above which a captured body is replaced by a preview. */
export const MAX_CAPTURED_CHARS = 20_000;

/** Headers that carry credentials whatever they hold; other headers are judged by name like keys. */
const SECRET_HEADERS = new Set(['authorization', 'x-xsrf-token', 'cookie', 'set-cookie', 'proxy-authorization']);
/** Compared against key names lower-cased with `-`, `_` and spaces removed (`api_key` → `apikey`). */
const SECRET_KEY_WORDS = ['token', 'secret', 'password', 'xsrf', 'cookie', 'apikey', 'sessionid', 'credential', 'privatekey'];

export interface DebugRecord {
  tool: string;
  action: string;
  operation_id: string;
  timing_ms: number;
  request: { method: string; path: string; url: string; query_params: Record<string, unknown>; body: unknown; headers: Record<string, unknown> };
  response: { status_code: number; error_code: string; headers: Record<string, unknown>; body: unknown } | null;
  /** Set when no response came back (timeout, reset, refused…), or the session could not be established. */
  request_error?: string;
}

export function isSecretKey(key: string): boolean {
  const flat = key.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_KEY_WORDS.some((word) => flat.includes(word));
}

export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) || isSecretKey(name) ? REDACTED : value;
  return out;
}

/** A deep copy with the value under every secret-named key replaced, at any depth. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : redactValue(v);
    return out;
  }
  return value;
}

/** A path template (`/device/{deviceId}/info`) filled in as sent; with `redact`, secret-named parameters replaced. */
export function fillPath(template: string, params: Record<string, string>, redact: boolean): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in params ? encodeURIComponent(redact && isSecretKey(name) ? REDACTED : params[name]) : whole));
}

/** `{_truncated, _original_chars, preview}` for a body whose JSON is longer than the limit. */
export function truncateBody(body: unknown, limit = MAX_CAPTURED_CHARS): unknown {
  if (body === undefined) return null;
  const serialized = typeof body === 'string' ? body : JSON.stringify(body);
  if (serialized === undefined || serialized.length <= limit) return body;
  return { _truncated: true, _original_chars: serialized.length, preview: serialized.slice(0, limit) };
}

export interface CaptureInput {
  tool: string;
  action: string;
  operationId: string;
  timingMs: number;
  /** The operation's path template and the path parameters sent. */
  route: { template: string; params: Record<string, string> };
  query: Record<string, string | string[]>;
  /** The exact payload sent (parsed back from JSON), or null. */
  body: unknown;
  request: HttpRequest | null;
  response: HttpResponse | null;
  /** The parsed response body. */
  responseBody: unknown;
  requestError?: string;
}

function errorCode(body: unknown): string {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}

/**
 * The debug record. With `redact`, its path and URL are rebuilt from the redacted parameters (an
 * encoded secret in the URL as sent would survive redacting the parsed query), and values under
 * secret names are replaced everywhere; the caller scrubs live credentials afterwards.
 */
export function buildDebugRecord(input: CaptureInput, redact: boolean): DebugRecord {
  const r = input.request;
  const headers = r ? { ...r.headers } : {};
  const path = fillPath(input.route.template, input.route.params, redact);
  const query = redact ? (redactValue(input.query) as Record<string, string | string[]>) : { ...input.query };
  const url = !r ? '' : redact ? `${new URL(r.url).origin}/dataservice${path}${queryString(query)}` : r.url;
  const record: DebugRecord = {
    tool: input.tool,
    action: input.action,
    operation_id: input.operationId,
    timing_ms: Math.round(input.timingMs * 100) / 100,
    request: {
      method: r?.method ?? '',
      path,
      url,
      query_params: query,
      body: truncateBody(redact ? redactValue(input.body) : input.body),
      headers: redact ? redactHeaders(headers) : headers,
    },
    response: input.response
      ? {
          status_code: input.response.status,
          error_code: errorCode(input.responseBody),
          headers: redact ? redactHeaders(input.response.headers) : { ...input.response.headers },
          body: truncateBody(redact ? redactValue(input.responseBody) : input.responseBody),
        }
      : null,
  };
  if (input.requestError !== undefined) record.request_error = input.requestError;
  return record;
}

export function debugLine(record: DebugRecord): string {
  return `[dispatcher][debug] ${JSON.stringify(record)}`;
}
