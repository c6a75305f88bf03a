/**
 * @module
 * The templates a template includes, imports or extends by name, gathered before it renders (the
 * rendering thread has no database). NetBox 4.6's DataFileLoader finds them among the data files
 * of the template's own data source, by path; here a name no data file has is then looked up among
 * config templates by name (an extension: NetBox answers TemplateNotFound), so templates kept in
 * the database can share macros too. Names are found in the source text (`{% include "x" %}`,
 * `{% import 'x' as m %}`, `{% from "x" import y %}`, `{% extends "x" %}`, and lists of names):
 * a name computed at render time is not found and renders as TemplateNotFound.
 *
 * The config templates a template's code may include by name can be read with the template itself
 * (includesColumn(): every quoted string of the code, and the config templates so named), which
 * spares the first round of lookups a statement: it is used when every name the first round wants
 * is among the strings the database saw.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry } from '../../../rest/index.ts';

/** How many rounds of includes of includes are followed. */
const MAX_DEPTH = 10;

const STATEMENT = /\{%[-+]?\s*(?:include|import|from|extends)\s+(\[[^\]]*\]|"[^"]*"|'[^']*')/g;
const NAME = /"([^"]*)"|'([^']*)'/g;

/** The template names a source refers to by literal strings. */
export function referencedNames(source: string): string[] {
  const names = new Set<string>();
  for (const [, target] of source.matchAll(STATEMENT)) {
    for (const [, double, single] of target.matchAll(NAME)) names.add(double ?? single);
  }
  return [...names];
}

/** The config templates named by quoted strings of a template's code: the strings, and `[name, code]` of the templates so named, by id. */
export interface KnownIncludes {
  names: string[];
  found: [string, string][];
}

/** An SQL expression of the KnownIncludes of the code `code` (an SQL expression), as JSON `[names, found]`. */
export function includesColumn(registry: Registry, code: string): string {
  const templates = registry.resource('extras.config-templates');
  const column = (name: string) => `i."${registry.field(templates, name)!.column!}"`;
  const strings = `ARRAY(SELECT coalesce(m[1], m[2]) FROM regexp_matches(coalesce(${code}, ''), '"([^"]*)"|''([^'']*)''', 'g') AS m)`;
  const found = `(SELECT coalesce(json_agg(json_build_array(${column('name')}, ${column('template_code')}) ORDER BY i.id), '[]'::json) FROM "${templates.table}" i WHERE ${column('name')} = ANY(q.names))`;
  return `(SELECT json_build_array(q.names, ${found}) FROM (SELECT ${strings} AS names) q)`;
}

/** KnownIncludes from includesColumn()'s value (JSON text or parsed), or null. */
export function knownIncludes(value: unknown): KnownIncludes | null {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed) || !Array.isArray(parsed[0]) || !Array.isArray(parsed[1])) return null;
  return { names: parsed[0].map(String), found: parsed[1].map(([name, code]: [unknown, unknown]) => [String(name), String(code ?? '')]) };
}

export interface TemplateOrigin {
  code: string;
  /** The template's data source and file path, when it is synced from one. */
  dataSource: number | null;
  dataPath: string | null;
}

/**
 * The main template's name and every template it reaches by name, with their sources: the main
 * one under its data file's path (as NetBox renders a synced template), else under `mainName`.
 */
export async function gatherTemplates(db: Queryable, registry: Registry, origin: TemplateOrigin, mainName: string, known: KnownIncludes | null = null): Promise<{ main: string; templates: Record<string, string> }> {
  const main = origin.dataSource !== null && origin.dataPath ? origin.dataPath : mainName;
  const templates: Record<string, string> = { [main]: origin.code };
  const files = registry.resource('core.data-files');
  const fileColumn = (name: string) => registry.field(files, name)!.column!;
  const configTemplates = registry.resource('extras.config-templates');
  const templateColumn = (name: string) => registry.field(configTemplates, name)!.column!;
  let pending = referencedNames(origin.code);
  for (let depth = 0; depth < MAX_DEPTH && pending.length; depth++) {
    const wanted = pending.filter((name) => !(name in templates));
    if (!wanted.length) break;
    const found = new Map<string, string>();
    if (origin.dataSource !== null) {
      const rows = await db.query<{ path: string; data: string | null }>(
        `SELECT "${fileColumn('path')}" AS path, "${fileColumn('data')}" AS data FROM "${files.table}" WHERE "${fileColumn('source')}" = $1 AND "${fileColumn('path')}" = ANY($2::text[])`,
        [origin.dataSource, wanted],
      );
      for (const row of rows) found.set(row.path, row.data ?? '');
    }
    const byName = wanted.filter((name) => !found.has(name));
    if (byName.length && depth === 0 && known && byName.every((name) => known.names.includes(name))) {
      for (const [name, code] of known.found) if (byName.includes(name) && !found.has(name)) found.set(name, code);
    } else if (byName.length) {
      const rows = await db.query<{ name: string; code: string }>(
        `SELECT "${templateColumn('name')}" AS name, "${templateColumn('template_code')}" AS code FROM "${configTemplates.table}" WHERE "${templateColumn('name')}" = ANY($1::text[]) ORDER BY id`,
        [byName],
      );
      for (const row of rows) if (!found.has(row.name)) found.set(row.name, row.code);
    }
    pending = [];
    for (const [name, code] of found) {
      templates[name] = code;
      pending.push(...referencedNames(code));
    }
  }
  return { main, templates };
}
