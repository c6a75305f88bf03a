/**
 * @module
 * Reading request bodies as NetBox's parsers do: JSON (any `application/json` media type, with or
 * without parameters) and multipart form data; any other media type is 415. A body nested deeper
 * than MAX_BODY_DEPTH is refused with 400 before it is parsed, so no later step (validation,
 * error formatting, SQL) ever walks an attacker's 10,000-level object.
 */
import type { Context } from 'hono';
import { ApiError, badRequest } from './errors.ts';

/** Deepest nesting of arrays and objects a request body may have. NetBox's own bodies need about 4. */
export const MAX_BODY_DEPTH = 32;

const unsupported = (mediaType: string) => new ApiError(415, { detail: `Unsupported media type "${mediaType}" in request.` });

/**
 * The deepest nesting of `[`/`{` in JSON text, outside strings, stopping as soon as `limit` is
 * passed. Iterative: the text is scanned once, whatever its shape.
 */
export function jsonDepth(text: string, limit = MAX_BODY_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Parses JSON text that passed the depth check; a syntax error is NetBox's 400. */
export function parseJson(text: string): unknown {
  if (jsonDepth(text) > MAX_BODY_DEPTH) throw badRequest({ detail: `JSON parse error - nesting deeper than ${MAX_BODY_DEPTH} levels is not accepted` });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest({ detail: `JSON parse error - ${(error as Error).message}` });
  }
}

/**
 * Form fields as a dict; a field given several times becomes a list (DRF reads lists with getlist).
 * A file part stays a File (Hono's parseBody/formData), for the kinds that take uploads (`image`);
 * any other field refuses it as a value of the wrong type.
 */
async function readMultipart(c: Context): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest({ detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
  }
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The media type of a Content-Type header, lower-cased, without parameters (`application/json`). */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The request body as data: `{}` when there is none (DRF's empty data), the parsed JSON, or the
 * multipart fields. Throws 415 for other media types and 400 for malformed or too deep bodies.
 */
export async function readBody(c: Context): Promise<unknown> {
  const header = c.req.header('Content-Type');
  const type = mediaType(header);
  if (type === 'multipart/form-data') return readMultipart(c);
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (type !== 'application/json') throw unsupported(header?.trim() ?? '');
  return parseJson(text);
}
