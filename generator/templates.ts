/**
 * @module
 * Loads the handlebars templates in templates/ once per run; emitters receive the compiled
 * functions through their context instead of reading files themselves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';

export type Templates = Record<string, (data: Record<string, unknown>) => string>;

export function loadTemplates(dir: string): Templates {
  const templates: Templates = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.hbs')).sort()) {
    const compiled = Handlebars.compile(readFileSync(join(dir, name), 'utf8'), { noEscape: true, strict: false });
    templates[name.replace(/\.hbs$/, '')] = (data) => compiled(data);
  }
  return templates;
}
