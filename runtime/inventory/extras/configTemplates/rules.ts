/**
 * @module
 * Rules of config templates (`extras.config-templates`) besides their synced data (index.ts
 * registers those with runtime/inventory/core/syncedData/): RenderTemplateMixin.clean():
 * the Jinja2 environment parameters must be ones NetBox permits (`finalize` is deprecated), a
 * mapped one with one of its values; the first refused one is reported. And the template's code
 * must parse (a syntax error is `Invalid template: <the engine's message> (line N)` under
 * `template_code`), which NetBox 4.6 leaves to the first render: written code is checked here so
 * that a broken template is refused when it is written. Code a data file gives is not checked.
 */
import { pythonRepr } from '../../../kinds/index.ts';
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { checkSyntax } from '../rendering/index.ts';

/** NetBox's JINJA_ENV_PARAMS_ALLOWED: null takes any value, a list only those values. */
const JINJA_ENV_PARAMS_ALLOWED: Readonly<Record<string, readonly string[] | null>> = {
  auto_reload: null,
  autoescape: null,
  cache_size: null,
  enable_async: null,
  keep_trailing_newline: null,
  lstrip_blocks: null,
  optimized: null,
  trim_blocks: null,
  block_start_string: null,
  block_end_string: null,
  comment_start_string: null,
  comment_end_string: null,
  line_comment_prefix: null,
  line_statement_prefix: null,
  newline_sequence: null,
  variable_start_string: null,
  variable_end_string: null,
  undefined: ['jinja2.ChainableUndefined', 'jinja2.DebugUndefined', 'jinja2.StrictUndefined', 'jinja2.Undefined'],
};

/** The first environment parameter RenderTemplateMixin.clean() refuses, with its message. */
export function environmentParamsError(params: unknown): string | null {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
  for (const [key, value] of Object.entries(params)) {
    if (key === 'finalize') return `The "${key}" parameter is deprecated and may not be set on new or modified templates.`;
    if (!Object.hasOwn(JINJA_ENV_PARAMS_ALLOWED, key)) return `"${key}" is not a permitted Jinja2 environment parameter.`;
    const allowed = JINJA_ENV_PARAMS_ALLOWED[key];
    if (allowed && !(typeof value === 'string' && allowed.includes(value))) {
      return `Invalid value "${typeof value === 'string' ? value : pythonRepr(value)}" for parameter "${key}". Allowed values are: ${[...allowed].sort().join(', ')}`;
    }
  }
  return null;
}

/**
 * RenderTemplateMixin.clean() and the syntax check, for any model with its fields (config and
 * export templates).
 */
export async function renderTemplateClean({ items, resource, registry }: WriteBatch): Promise<void> {
  const column = (name: string) => registry.field(resource, name)!.column!;
  for (const item of items) {
    const error = environmentParamsError(item.value(column('environment_params')));
    if (error) item.error('environment_params', error);
  }
  await Promise.all(items.map(async (item) => {
    const file = item.value(column('data_file'));
    if (!(column('template_code') in item.columns) || (file !== null && file !== undefined)) return;
    const params = item.value(column('environment_params'));
    const problem = await checkSyntax({ template: String(item.value(column('template_code')) ?? '') }, params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {});
    if (problem) item.error('template_code', `Invalid template: ${problem.message}${problem.line === null ? '' : ` (line ${problem.line})`}`);
  }));
}

export const configTemplateRules: ModelRules = { clean: renderTemplateClean };
