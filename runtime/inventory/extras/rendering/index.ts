/**
 * @module
 * Jinja2-compatible rendering of config and export templates: MiniJinja on a bounded thread
 * (sandbox.ts, renderInThread.ts), the filters it lacks (filters.ts), and the templates a template
 * includes by name (templateSources.ts). See README.md beside this file for what differs from Jinja2.
 */
export { checkSyntax, closeRenderer, render, RENDER_LIMITS, RENDER_TIMEOUT_MS } from './sandbox.ts';
export { RELATED, type RenderJob, type RenderOutcome, type SyntaxProblem } from './renderJob.ts';
export { gatherTemplates, referencedNames, type TemplateOrigin } from './templateSources.ts';
