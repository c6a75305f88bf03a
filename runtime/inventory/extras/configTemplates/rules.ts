/**
 * @module
 * Rules of config templates (`extras.config-templates`) besides their synced data (index.ts
 * registers those with runtime/inventory/core/syncedData/): RenderTemplateMixin.clean():
 * the Jinja2 environment parameters must be ones NetBox permits (`finalize` is deprecated), a
 * mapped one with one of its values; the first refused one is reported.
 */
import { pythonRepr } from '../../../kinds/index.ts';
import type { ModelRules } from '../../../rest/index.ts';

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

export const configTemplateRules: ModelRules = {
  async clean({ items }) {
    for (const item of items) {
      const error = environmentParamsError(item.value('environment_params'));
      if (error) item.error('environment_params', error);
    }
  },
};
