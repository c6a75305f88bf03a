/**
 * @module
 * Rendering one config template as NetBox's ConfigTemplate.render() does: its code (or, when synced,
 * its data file's path among its source's files), its environment parameters, `debug`, autoescape
 * forced off (config templates render plain text), and the templates it includes by name
 * (rendering/templateSources.ts). The context is the caller's; the view of an object may depend
 * on the templates' text (objectView.ts), so it is built between the two steps.
 */
import type { Queryable } from '../../../db/index.ts';
import { notFound, type OperationArgs } from '../../../rest/index.ts';
import { gatherTemplates, includesColumn, knownIncludes, render, type RenderOutcome } from '../rendering/index.ts';

type Row = Record<string, unknown>;

export interface LoadedTemplate {
  id: number;
  main: string;
  templates: Record<string, string>;
  params: Record<string, unknown>;
  debug: boolean;
}

/**
 * The columns loadTemplate() reads of a config template `alias`, each named `<prefix><name>` (id,
 * code, params, debug, source, file, path, and the config templates its code may include by name).
 */
export function templateColumns(args: OperationArgs, alias: string, prefix = ''): string {
  const { registry } = args.rest;
  const resource = registry.resource('extras.config-templates');
  const column = (name: string) => `${alias}."${registry.field(resource, name)!.column!}"`;
  const columns = {
    id: `${alias}.id`, code: column('template_code'), params: column('environment_params'), debug: column('debug'),
    source: column('data_source'), file: column('data_file'), path: column('data_path'), includes: includesColumn(registry, column('template_code')),
  };
  return Object.entries(columns).map(([name, expression]) => `${expression} AS "${prefix}${name}"`).join(', ');
}

/** The template `id` and the templates it reaches, or null when there is none. */
export async function loadTemplate(args: OperationArgs, db: Queryable, id: number): Promise<LoadedTemplate | null> {
  const resource = args.rest.registry.resource('extras.config-templates');
  const [row] = await db.query<Row>(`SELECT ${templateColumns(args, 't')} FROM "${resource.table}" t WHERE t.id = $1`, [id]);
  return row ? templateOfRow(args, db, row) : null;
}

/** The template whose columns `row` holds (templateColumns() with `prefix`), and the templates it reaches. */
export async function templateOfRow(args: OperationArgs, db: Queryable, row: Row, prefix = ''): Promise<LoadedTemplate> {
  const value = (name: string) => row[`${prefix}${name}`];
  const synced = value('file') !== null && value('file') !== undefined;
  const { main, templates } = await gatherTemplates(db, args.rest.registry, { code: String(value('code') ?? ''), dataSource: synced ? Number(value('source')) : null, dataPath: synced ? String(value('path') ?? '') : null }, 'template', knownIncludes(value('includes')));
  const params = value('params');
  return { id: Number(value('id')), main, templates, params: params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {}, debug: value('debug') === true };
}

export function renderLoaded(template: LoadedTemplate, context: Record<string, unknown>): Promise<RenderOutcome> {
  return render({ main: template.main, templates: template.templates, context, params: template.params, debug: template.debug, forceNoAutoescape: true });
}

/** The template in its nested form (`configtemplate` of the response). */
export async function nestedTemplate(args: OperationArgs, db: Queryable, id: number): Promise<Row> {
  const resource = args.rest.registry.resource('extras.config-templates');
  const { bodies } = await args.rest.render(db, resource, [id], args.ctx, new URLSearchParams({ fields: resource.nested.join(',') }), 'GET');
  if (!bodies[0]) throw notFound(resource.model);
  return bodies[0];
}
