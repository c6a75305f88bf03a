/**
 * @module
 * Which fields a response shows: `?fields=` wins, then `?omit=`, then brief mode (any non-empty
 * `brief` on a GET), else every readable field. A device's and a virtual machine's
 * `config_context` is left out in brief mode and when `?exclude=` contains its name, as NetBox's
 * ConfigContextQuerySetMixin does (it looks for the name in the last `exclude` value's text).
 */
import type { Resource } from '../../contract/index.ts';

/** The one field NetBox's `?exclude=` can leave out. */
const EXCLUDABLE = 'config_context';

export function shownFields(resource: Resource, query: URLSearchParams, method: string): string[] {
  const excluded = (query.getAll('exclude').at(-1) ?? '').includes(EXCLUDABLE);
  const readable = resource.fields.filter((f) => !f.writeOnly && !(excluded && f.name === EXCLUDABLE)).map((f) => f.name);
  const list = (name: string) => (query.get(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const fields = list('fields');
  if (fields.length) return readable.filter((f) => fields.includes(f));
  const omit = list('omit');
  if (omit.length) return readable.filter((f) => !omit.includes(f));
  if (method === 'GET' && query.get('brief')) return resource.brief;
  return readable;
}
