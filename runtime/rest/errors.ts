/**
 * @module
 * HTTP errors with NetBox's exact bodies. Handlers throw them; the server's error handler turns
 * them into responses. Anything else that escapes becomes NetBox's 500 body.
 */

export type ErrorBody = Record<string, unknown> | unknown[];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : JSON.stringify(body));
  }
}

/**
 * A field's messages, or (for list fields) messages by list index, as DRF's ListField reports them,
 * or a field's own dict of messages (a bare string under each key, as DRF words a field's
 * `ValidationError({key: message})`).
 */
export type FieldError = string[] | Record<string, string[] | string>;

/** A validation error: `{"field": ["message"]}` (or a list of those for bulk requests). */
export type FieldErrors = Record<string, FieldError>;

/** DRF's message for a body (or list item) that is not a JSON object. */
export const expectedDictionary = (got: unknown) =>
  `Invalid data. Expected a dictionary, but got ${Array.isArray(got) ? 'list' : got === null ? 'NoneType' : typeof got === 'string' ? 'str' : typeof got === 'number' ? (Number.isInteger(got) ? 'int' : 'float') : typeof got === 'boolean' ? 'bool' : typeof got}.`;

export const badRequest = (body: FieldErrors | FieldErrors[] | string[] | { detail: string }) => new ApiError(400, body);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail });
export const notFound = (model?: string) => new ApiError(404, { detail: model ? `No ${model} matches the given query.` : 'Not found.' });
export const methodNotAllowed = (method: string) => new ApiError(405, { detail: `Method "${method}" not allowed.` });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const preconditionFailed = (etag: string) => new ApiError(412, { detail: 'Precondition failed.' }, { ETag: etag });

/** Collects field errors while validating one object. */
export class ErrorCollector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    const current = this.errors[field];
    if (Array.isArray(current)) current.push(message);
    else if (current) {
      const nonField = current['non_field_errors'];
      if (Array.isArray(nonField)) nonField.push(message);
      else current['non_field_errors'] = [message];
    } else this.errors[field] = [message];
  }
  /** A message under `key` of a field's own dict, a bare string (DRF's `ValidationError({key: message})` raised by a field). */
  addDetail(field: string, key: string, message: string): void {
    const current = this.errors[field];
    const details = current && !Array.isArray(current) ? current : (this.errors[field] = {});
    details[key] = message;
  }
  /** A message about one item of a list field. */
  addItem(field: string, index: number | string, message: string): void {
    const current = this.errors[field];
    const items = current && !Array.isArray(current) ? current : (this.errors[field] = {});
    const at = items[String(index)];
    if (Array.isArray(at)) at.push(message);
    else items[String(index)] = [message];
  }
  /** Whether `field` already carries `message` (so a rule does not report it twice). */
  has(field: string, message: string): boolean {
    const current = this.errors[field];
    return Array.isArray(current) && current.includes(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
