/**
 * @module
 * Which operations read-only mode exposes: those that cannot change the controller. Every GET, and the
 * statistics queries the controller takes as POST (the query document is too large for a URL; current
 * builds even reject the GET `?query=` form). A POST counts as such a query when it sits under a
 * `statistics` path segment, its operationId starts with `get` or it ends in one of the query endpoints
 * (`aggregation`, `doccount`, `page`), and its operationId does not start with a write verb.
 */
import { pathSegments } from './naming.ts';
import type { HttpMethod } from './types.ts';

const WRITE_VERBS = [
  'activate', 'add', 'apply', 'clear', 'collect', 'create', 'deactivate', 'delete', 'deploy', 'disable', 'download',
  'edit', 'enable', 'export', 'generate', 'import', 'push', 'remove', 'reset', 'restart', 'save', 'set', 'start',
  'stop', 'trigger', 'update', 'upload',
];

const QUERY_ENDPOINTS = new Set(['aggregation', 'doccount', 'page']);

/** A verb at the start of a camelCase or snake_case identifier: `createFoo`, `create_foo`, `create`. */
function startsWithVerb(operationId: string, verb: string): boolean {
  if (!operationId.toLowerCase().startsWith(verb)) return false;
  const next = operationId.charAt(verb.length);
  return next === '' || next === '_' || (next >= 'A' && next <= 'Z') || (next >= '0' && next <= '9');
}

export function isReadOnlyOperation(method: HttpMethod, path: string, operationId: string): boolean {
  if (method === 'GET') return true;
  if (method !== 'POST') return false;
  const segments = pathSegments(path).map((s) => s.toLowerCase());
  if (!segments.includes('statistics')) return false;
  if (WRITE_VERBS.some((verb) => startsWithVerb(operationId, verb))) return false;
  return startsWithVerb(operationId, 'get') || QUERY_ENDPOINTS.has(segments[segments.length - 1] ?? '');
}

/** Verbs that mark a mutating POST as destructive (it removes or overwrites state). */
const DESTRUCTIVE_VERBS = ['clear', 'deactivate', 'delete', 'disable', 'reboot', 'remove', 'reset', 'restart', 'stop'];

export function isDestructiveOperation(method: HttpMethod, operationId: string): boolean {
  if (method === 'DELETE' || method === 'PUT' || method === 'PATCH') return true;
  return method === 'POST' && DESTRUCTIVE_VERBS.some((verb) => startsWithVerb(operationId, verb));
}
