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
import { gatherTemplates, render, type RenderOutcome } from '../rendering/index.ts';

type Row = Record<string, unknown>;

export interface LoadedTemplate {
  id: number;
  main: string;
  templates: Record<string, string>;
  params: Record<string, unknown>;
  debug: boolean;
}

/** The template `id` and the templates it reaches, or null when there is none. */
export async function loadTemplate(args: OperationArgs, db: Queryable, id: number): Promise<LoadedTemplate | null> {
  const { registry } = args.rest;
  const resource = registry.resource('extras.config-templates');
  const column = (name: string) => registry.field(resource, name)!.column!;
  const [row] = await db.query<Row>(
    `SELECT id, "${column('template_code')}" AS code, "${column('environment_params')}" AS params, "${column('debug')}" AS debug, "${column('data_source')}" AS source, "${column('data_file')}" AS file, "${column('data_path')}" AS path FROM "${resource.table}" WHERE id = $1`,
    [id],
  );
  if (!row) return null;
  const synced = row.file !== null && row.file !== undefined;
  const { main, templates } = await gatherTemplates(db, registry, { code: String(row.code ?? ''), dataSource: synced ? Number(row.source) : null, dataPath: synced ? String(row.path ?? '') : null }, 'template');
  const params = row.params && typeof row.params === 'object' && !Array.isArray(row.params) ? (row.params as Record<string, unknown>) : {};
  return { id: Number(row.id), main, templates, params, debug: row.debug === true };
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
