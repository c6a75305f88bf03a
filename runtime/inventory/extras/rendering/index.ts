/**
 * @module
 * Jinja2-compatible rendering of config and export templates: MiniJinja on a bounded thread
 * (sandbox.ts, renderInThread.ts), the filters it lacks (filters.ts), and the templates a template
 * includes by name (templateSources.ts).
 *
 * The engine: minijinja-js, Armin Ronacher's (Jinja's author) Rust implementation of Jinja2 built
 * as WebAssembly. Chosen over @huggingface/jinja (no include, import or extends) and nunjucks (no
 * `map`, `namespace`, `selectattr` with tests; its templates can reach JavaScript constructors)
 * after rendering the same NetBox-style templates with each; its output matched Python's Jinja2
 * 3.1 on them (sandbox.test.ts).
 *
 * What differs from NetBox's Jinja2 (SandboxedEnvironment):
 * - No Python objects: templates see plain data — the API representation of objects, with related
 *   objects in their brief form, cut down to the fields the template names unless it reaches fields
 *   by computed names (configTemplates/fieldChoice.ts) — and manager-like `.all()`, `.count()`, `.first()`, `.last()`,
 *   `.exists()` for the relations a template names (configTemplates/objectView.ts). Model methods,
 *   querysets' `.filter()`, netaddr attributes (`ip.address.ip`, `.prefixlen`) do not exist: use
 *   the `ipaddr` filters (`ip.address | ipaddr('address')`, `ipaddr('prefix')`). NetBox's
 *   `<app>.<Model>` classes in the context are not given.
 * - No Python `%` string formatting, `str.format()`, `dict.get()` (use `d.key | default(x)`), `list.append()` or
 *   `{% do %}`: use the `format` filter and `namespace()`. Filters `random`, `xmlattr`, `urlize`,
 *   `forceescape` and the test `callable` are missing; `center`, `wordwrap`, `wordcount`,
 *   `urlencode` and `format` are added (filters.ts).
 * - Unknown filters are reported when rendering (TemplateAssertionError), not when the template is
 *   written; syntax errors are refused when it is written (NetBox 4.6 waits for the first render).
 * - An error inside an included template is reported as the include's failure at its line.
 * - `environment_params`: `trim_blocks`, `lstrip_blocks`, `keep_trailing_newline`, `undefined`
 *   (StrictUndefined strict; ChainableUndefined chainable; Undefined and DebugUndefined lenient,
 *   so DebugUndefined prints nothing), `autoescape` (export templates; config templates force it
 *   off as NetBox does) and `newline_sequence` are honoured; `auto_reload`, `cache_size`,
 *   `enable_async`, `optimized` have no effect; custom delimiters (`block_start_string` …) and
 *   line statements/comments are refused at render with an error naming the parameter.
 * - Bounds NetBox does not have: 10 million evaluation steps, 16 MiB of output, 256 MiB of engine
 *   memory and 5 s per render; an overrun answers a TemplateRuntimeError, MemoryError or
 *   TimeoutError text (a 500, as any failed render).
 */
export { checkSyntax, closeRenderer, render, RENDER_LIMITS, RENDER_TIMEOUT_MS } from './sandbox.ts';
export { RELATED, type RenderJob, type RenderOutcome, type SyntaxProblem } from './renderJob.ts';
export { gatherTemplates, includesColumn, knownIncludes, referencedNames, type KnownIncludes, type TemplateOrigin } from './templateSources.ts';
