/**
 * @module
 * `?export=<name>` on any list endpoint (the engine's LIST_EXPORT handler), NetBox's
 * ExportTemplatesMixin.list() and RenderTemplateMixin.render_to_response(): the export template of
 * that name for the list's object type that the caller may view (else 404 `Not found.`) renders
 * the list's objects — every one its filters select, unpaginated, in list order — as `queryset`,
 * each as templates see objects (configTemplates' objectsView). The answer has the template's
 * MIME type (`text/plain; charset=utf-8` when blank) and, when it is an attachment, a file name:
 * its own, else `netbox_<verbose name plural>`, with its extension. A failed render is a 500 with
 * NetBox's error text.
 */
import type { Context } from 'hono';
import type { Resource } from '../../../contract/index.ts';
import { ApiError, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { objectsView } from '../configTemplates/index.ts';
import { gatherTemplates, render } from '../rendering/index.ts';

type Row = Record<string, unknown>;

const DEFAULT_MIME_TYPE = 'text/plain; charset=utf-8';

/** Django's default plural of a verbose name, as NetBox's models spell most (`IP addresses`, `IKE policies`). */
export function pluralOf(verboseName: string): string {
  if (/chassis$/i.test(verboseName)) return verboseName;
  if (/(s|x|z|ch|sh)$/i.test(verboseName)) return `${verboseName}es`;
  if (/[^aeiou]y$/i.test(verboseName)) return `${verboseName.slice(0, -1)}ies`;
  return `${verboseName}s`;
}

/** NetBox's filename_from_model(). */
const fileNameOf = (resource: Resource) => `netbox_${pluralOf(resource.verboseName).toLowerCase().replace(/ /g, '_')}`;

/** Django's content_disposition_header(as_attachment=True, filename). */
export function contentDisposition(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName)) return `attachment; filename="${fileName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `attachment; filename*=utf-8''${encodeURIComponent(fileName)}`;
}

async function exportTemplate(args: OperationArgs, name: string): Promise<Row | null> {
  const { registry } = args.rest;
  const templates = registry.resource('extras.export-templates');
  const column = (field: string) => registry.field(templates, field)!.column!;
  const rows = await args.db.query<Row>(
    `SELECT id, "${column('template_code')}" AS code, "${column('environment_params')}" AS params, "${column('data_source')}" AS source, "${column('data_file')}" AS file, "${column('data_path')}" AS path,
       "${column('mime_type')}" AS mime_type, "${column('file_name')}" AS file_name, "${column('file_extension')}" AS file_extension, "${column('as_attachment')}" AS as_attachment
     FROM "${templates.table}" WHERE "${column('object_types')}" @> ARRAY[$1::text] AND "${column('name')}" = $2 ORDER BY "${column('name')}", id`,
    [args.resource.objectType, name],
  );
  const visible = await args.rest.permitted(args.db, templates, rows.map((row) => Number(row.id)), args.ctx, 'view');
  return rows.find((row) => visible.has(Number(row.id))) ?? null;
}

export const listExport: OperationHandler = async (c: Context, args: OperationArgs) => {
  const url = new URL(c.req.url);
  const template = await exportTemplate(args, url.searchParams.get('export') ?? '');
  if (!template) throw new ApiError(404, { detail: 'Not found.' });
  const synced = template.file !== null && template.file !== undefined;
  const { main, templates } = await gatherTemplates(args.db, args.rest.registry, { code: String(template.code ?? ''), dataSource: synced ? Number(template.source) : null, dataPath: synced ? String(template.path ?? '') : null }, 'template');
  const ids = await args.rest.matchingIds(args.db, args.resource, url, args.ctx);
  const queryset = await objectsView(args, args.db, args.resource, ids, Object.values(templates));
  const params = template.params && typeof template.params === 'object' && !Array.isArray(template.params) ? (template.params as Row) : {};
  const outcome = await render({ main, templates, context: { queryset }, params, debug: false, forceNoAutoescape: false });
  if ('error' in outcome) return c.json({ detail: outcome.error }, 500);
  const headers: Record<string, string> = { 'Content-Type': String(template.mime_type || DEFAULT_MIME_TYPE) };
  if (template.as_attachment) {
    const extension = template.file_extension ? `.${template.file_extension}` : '';
    headers['Content-Disposition'] = contentDisposition(`${template.file_name || fileNameOf(args.resource)}${extension}`);
  }
  return c.body(outcome.output.replace(/\r\n/g, '\n'), 200, headers);
};
