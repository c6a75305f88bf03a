/**
 * @module
 * Which fields a response shows: `?fields=` wins, then `?omit=`, then brief mode (any non-empty
 * `brief` on a GET), else every readable field.
 */
import type { Resource } from '../../contract/index.ts';

export function shownFields(resource: Resource, query: URLSearchParams, method: string): string[] {
  const readable = resource.fields.filter((f) => !f.writeOnly).map((f) => f.name);
  const list = (name: string) => (query.get(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const fields = list('fields');
  if (fields.length) return readable.filter((f) => fields.includes(f));
  const omit = list('omit');
  if (omit.length) return readable.filter((f) => !omit.includes(f));
  if (method === 'GET' && query.get('brief')) return resource.brief;
  return readable;
}
