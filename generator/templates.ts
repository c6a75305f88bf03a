/**
 * @module
 * Loads the handlebars templates in templates/ once per run; emitters receive the compiled
 * functions through their context instead of reading files themselves. Reading and compiling are
 * apart so that generate --watch can keep the compiled set while the texts are unchanged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';

export type Templates = Record<string, (data: Record<string, unknown>) => string>;

/** The text of every `*.hbs` in `dir`, by name without the extension, in name order. */
export function readTemplateSources(dir: string): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.hbs')).sort()) sources[name.replace(/\.hbs$/, '')] = readFileSync(join(dir, name), 'utf8');
  return sources;
}

export function compileTemplates(sources: Record<string, string>): Templates {
  const templates: Templates = {};
  for (const [name, text] of Object.entries(sources)) {
    const compiled = Handlebars.compile(text, { noEscape: true, strict: false });
    templates[name] = (data) => compiled(data);
  }
  return templates;
}

export function loadTemplates(dir: string): Templates {
  return compileTemplates(readTemplateSources(dir));
}
