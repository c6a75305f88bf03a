/**
 * @module
 * JSON laid out by a plan of which lists and maps are broken one entry per line, the rest written
 * compactly on the line of its key: a generated table stays small, and `--check` or a review shows
 * a change as the lines of the entries it touches (one field, one filter, one choice).
 *
 * The layout is chosen by place, never by length, so adding an entry never re-flows its
 * neighbours. The text parses to what JSON.stringify would give (keys whose value is undefined are
 * left out, as JSON.stringify leaves them out).
 */

/**
 * How a value is written: `'inline'` on one line; an object (for a list or map) one entry per
 * line, an entry laid out by `keys[its key]` when given, else by `each`, else inline.
 */
export type JsonLayout = 'inline' | { each?: JsonLayout; keys?: Readonly<Record<string, JsonLayout>> };

/** One entry per line, each entry inline. */
export const LINES: JsonLayout = { each: 'inline' };

const INDENT = '  ';

/** `value` as JSON text laid out by `layout`, nested lines indented two spaces a level. */
export function printJson(value: unknown, layout: JsonLayout, indent = ''): string {
  // Plain data only (no toJSON, no Map); undefined can only be a list's item here, written null as JSON.stringify does.
  if (value === undefined) return 'null';
  if (layout === 'inline' || value === null || typeof value !== 'object') return JSON.stringify(value);
  const list = Array.isArray(value);
  const entries: [string | null, unknown][] = list
    ? value.map((item) => [null, item])
    : Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const [open, close] = list ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return open + close;
  const inner = indent + INDENT;
  const lines = entries.map(([key, item]) => {
    const itemLayout = (key !== null ? layout.keys?.[key] : undefined) ?? layout.each ?? 'inline';
    return `${inner}${key === null ? '' : `${JSON.stringify(key)}: `}${printJson(item, itemLayout, inner)}`;
  });
  return `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}
