/**
 * @module
 * `POST extras/config-templates/{id}/render/` (handler `config-template-render`) and
 * `POST dcim/devices/{id}/render-config/`, `POST virtualization/virtual-machines/{id}/render-config/`
 * (handler `render-config`), as NetBox 4.6's ConfigTemplateViewSet.render and RenderConfigMixin:
 *
 * - The caller needs a write-enabled token and the `render` (`render_config`) permission, checked by
 *   the route; the object must also be within the caller's `render`/`render_config` and `view`
 *   constraints, else 404 as a detail route answers.
 * - `render/` renders with the body as the context.
 * - `render-config/` renders the body's `config_template_id` (400 `Config template with ID 7 not
 *   found.` when there is none the caller may view), else the object's own template, its role's,
 *   then its platform's (400 `No config template found for this device.`); the context is the
 *   object's config context (its `config_context` as a GET shows it), the body's keys but
 *   `config_template_id`, and the object under its model name (`device`, `virtualmachine`,
 *   objectView.ts).
 * - The answer (renderedResponse.ts): JSON `{configtemplate, content}`, or text with `?format=txt`;
 *   a failed render is a 500 with NetBox's error text.
 */
import type { Context } from 'hono';
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { ApiError, badRequest, expectedDictionary, notFound, parseId, readBody, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { objectView } from './objectView.ts';
import { renderedResponse } from './renderedResponse.ts';
import { loadTemplate, nestedTemplate, renderLoaded } from './renderTemplate.ts';

type Row = Record<string, unknown>;

const isDict = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** 404 unless the object exists within the caller's constraints of every action given. */
async function requireVisible(args: OperationArgs, resource: Resource, id: number, actions: string[]): Promise<void> {
  for (const action of actions) {
    if (!(await args.rest.permitted(args.db, resource, [id], args.ctx, action)).has(id)) throw notFound(resource.model);
  }
  const [row] = await args.db.query(`SELECT id FROM "${resource.table}" WHERE id = $1`, [id]);
  if (!row) throw notFound(resource.model);
}

/** The request body as a dict (a list or scalar is DRF's 400 for a serializer-less action's data). */
async function contextBody(c: Context): Promise<Row> {
  const body = await readBody(c);
  if (!isDict(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  return body;
}

export const configTemplateRender: OperationHandler = async (c, args) => {
  const id = parseId(c.req.param('id'), args.resource);
  await requireVisible(args, args.resource, id, ['render', 'view']);
  const context = await contextBody(c);
  const template = (await loadTemplate(args, args.db, id))!;
  const outcome = await renderLoaded(template, context);
  return renderedResponse(c, await nestedTemplate(args, args.db, id), outcome);
};

/** The object's own config template, its role's, then its platform's (NetBox's get_config_template()). */
async function assignedTemplate(args: OperationArgs, db: Queryable, resource: Resource, id: number): Promise<number | null> {
  const { registry } = args.rest;
  const own = registry.field(resource, 'config_template')?.column;
  const [row] = await db.query<Row>(`SELECT * FROM "${resource.table}" WHERE id = $1`, [id]);
  if (own && row[own] !== null && row[own] !== undefined) return Number(row[own]);
  for (const name of ['role', 'platform']) {
    const field = registry.field(resource, name);
    if (!field?.column || !field.target || row[field.column] === null || row[field.column] === undefined) continue;
    const target = registry.resource(field.target);
    const column = registry.field(target, 'config_template')?.column;
    if (!column) continue;
    const [related] = await db.query<{ template: number | null }>(`SELECT "${column}" AS template FROM "${target.table}" WHERE id = $1`, [row[field.column]]);
    if (related?.template !== null && related?.template !== undefined) return Number(related.template);
  }
  return null;
}

export const renderConfig: OperationHandler = async (c, args) => {
  const { resource } = args;
  const id = parseId(c.req.param('id'), resource);
  await requireVisible(args, resource, id, ['render_config', 'view']);
  const modelName = resource.model.toLowerCase();
  const body = await contextBody(c);
  const requested = body.config_template_id;
  const templates = args.rest.registry.resource('extras.config-templates');
  let templateId: number | null;
  if (requested !== undefined && requested !== null && requested !== '' && requested !== 0 && requested !== false) {
    const parsed = typeof requested === 'number' || (typeof requested === 'string' && /^\s*\d+\s*$/.test(requested)) ? Number(requested) : NaN;
    const visible = Number.isSafeInteger(parsed) && (await args.rest.permitted(args.db, templates, [parsed], args.ctx, 'view')).has(parsed);
    templateId = visible ? parsed : null;
    if (templateId === null || !(await loadTemplate(args, args.db, templateId))) {
      throw new ApiError(400, { error: `Config template with ID ${typeof requested === 'string' ? requested : JSON.stringify(requested)} not found.` });
    }
  } else {
    templateId = await assignedTemplate(args, args.db, resource, id);
    if (templateId === null) throw new ApiError(400, { error: `No config template found for this ${modelName}.` });
  }
  const template = (await loadTemplate(args, args.db, templateId))!;
  const object = await objectView(args, args.db, resource, id, Object.values(template.templates));
  const configContext = isDict(object.config_context) ? object.config_context : {};
  const context: Row = { ...configContext };
  for (const [key, value] of Object.entries(body)) if (key !== 'config_template_id') context[key] = value;
  context[modelName] = object;
  const outcome = await renderLoaded(template, context);
  return renderedResponse(c, await nestedTemplate(args, args.db, templateId), outcome);
};
