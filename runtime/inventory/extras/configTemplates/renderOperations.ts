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
 *
 * Statements, as few as the answer allows (the benchmark's render-config: scripts/bench/renderConfig.ts):
 * the permission checks none for an unrestricted caller (else one per action, side by side); the
 * object's row, its assigned template and the config templates that template includes one
 * (templateSources.ts; one more per level of includes of includes); the object's view two
 * (objectView.ts); the template's nested form, only for a JSON answer, read while the rendering
 * thread works. Five for the benchmark's device (render.e2e.test.ts counts them).
 */
import type { Context } from 'hono';
import type { Resource } from '../../../contract/index.ts';
import { ApiError, badRequest, expectedDictionary, notFound, parseId, readBody, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { objectView } from './objectView.ts';
import type { RenderOutcome } from '../rendering/index.ts';
import { renderedResponse, wantsText } from './renderedResponse.ts';
import { loadTemplate, nestedTemplate, renderLoaded, templateColumns, templateOfRow, type LoadedTemplate } from './renderTemplate.ts';

type Row = Record<string, unknown>;

const isDict = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** 404 unless the object is within the caller's constraints of every action given (none asked of an unrestricted caller). */
async function requirePermitted(args: OperationArgs, resource: Resource, id: number, actions: string[]): Promise<void> {
  const permitted = await Promise.all(actions.map((action) => args.rest.permitted(args.db, resource, [id], args.ctx, action)));
  if (permitted.some((ids) => !ids.has(id))) throw notFound(resource.model);
}

/** The request body as a dict (a list or scalar is DRF's 400 for a serializer-less action's data). */
async function contextBody(c: Context): Promise<Row> {
  const body = await readBody(c);
  if (!isDict(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  return body;
}

export const configTemplateRender: OperationHandler = async (c, args) => {
  const id = parseId(c.req.param('id'), args.resource);
  await requirePermitted(args, args.resource, id, ['render', 'view']);
  const template = await loadTemplate(args, args.db, id);
  if (!template) throw notFound(args.resource.model);
  const context = await contextBody(c);
  return renderedResponse(c, ...(await renderWithNested(c, args, template, context)));
};

/**
 * The render and, for a JSON answer, the template's nested form, read while the rendering thread
 * works (a text answer has no use for it).
 */
async function renderWithNested(c: Context, args: OperationArgs, template: LoadedTemplate, context: Row): Promise<[Row | null, RenderOutcome]> {
  const nested = wantsText(c) ? null : nestedTemplate(args, args.db, template.id);
  nested?.catch(() => {});
  const outcome = await renderLoaded(template, context);
  return [await nested, outcome];
}

/** A column of objectRow()'s template. */
const TEMPLATE_PREFIX = '__template_';

/**
 * The object's row (null when there is none), with the columns of the config template assigned to
 * it — its own, else its role's, else its platform's (NetBox's get_config_template()) — under
 * TEMPLATE_PREFIX (null when none is): one statement.
 */
async function objectRow(args: OperationArgs, resource: Resource, id: number): Promise<Row | null> {
  const { registry } = args.rest;
  const joins: string[] = [];
  const assigned: string[] = [];
  const own = registry.field(resource, 'config_template')?.column;
  if (own) assigned.push(`t."${own}"`);
  for (const name of ['role', 'platform']) {
    const field = registry.field(resource, name);
    const target = field?.column && field.target ? registry.resource(field.target) : null;
    const column = target && registry.field(target, 'config_template')?.column;
    if (!target || !column) continue;
    joins.push(`LEFT JOIN "${target.table}" __${name} ON __${name}.id = t."${field!.column}"`);
    assigned.push(`__${name}."${column}"`);
  }
  const templates = registry.resource('extras.config-templates');
  if (assigned.length) joins.push(`LEFT JOIN "${templates.table}" __template ON __template.id = coalesce(${assigned.join(', ')})`);
  const columns = assigned.length ? `, ${templateColumns(args, '__template', TEMPLATE_PREFIX)}` : '';
  const [row] = await args.db.query<Row>(`SELECT t.*${columns} FROM "${resource.table}" t ${joins.join(' ')} WHERE t.id = $1`, [id]);
  return row ?? null;
}

export const renderConfig: OperationHandler = async (c, args) => {
  const { resource } = args;
  const id = parseId(c.req.param('id'), resource);
  await requirePermitted(args, resource, id, ['render_config', 'view']);
  const row = await objectRow(args, resource, id);
  if (!row) throw notFound(resource.model);
  const modelName = resource.model.toLowerCase();
  const body = await contextBody(c);
  const requested = body.config_template_id;
  const templates = args.rest.registry.resource('extras.config-templates');
  let template: LoadedTemplate | null;
  if (requested !== undefined && requested !== null && requested !== '' && requested !== 0 && requested !== false) {
    const parsed = typeof requested === 'number' || (typeof requested === 'string' && /^\s*\d+\s*$/.test(requested)) ? Number(requested) : NaN;
    const visible = Number.isSafeInteger(parsed) && (await args.rest.permitted(args.db, templates, [parsed], args.ctx, 'view')).has(parsed);
    template = visible ? await loadTemplate(args, args.db, parsed) : null;
    if (!template) throw new ApiError(400, { error: `Config template with ID ${typeof requested === 'string' ? requested : JSON.stringify(requested)} not found.` });
  } else {
    const assigned = row[`${TEMPLATE_PREFIX}id`];
    template = assigned === null || assigned === undefined ? null : await templateOfRow(args, args.db, row, TEMPLATE_PREFIX);
    if (!template) throw new ApiError(400, { error: `No config template found for this ${modelName}.` });
  }
  const object = await objectView(args, args.db, resource, id, Object.values(template.templates), ['config_context']);
  const configContext = isDict(object.config_context) ? object.config_context : {};
  const context: Row = { ...configContext };
  for (const [key, value] of Object.entries(body)) if (key !== 'config_template_id') context[key] = value;
  context[modelName] = object;
  return renderedResponse(c, ...(await renderWithNested(c, args, template, context)));
};
