/**
 * @module
 * `POST <resource>/{id}/sync/` (handler `synced-data-sync`), NetBox's SyncedDataMixin API
 * action: the caller needs `<app>.sync_<model>` (the POST's `add` is checked first, as DRF's
 * permission map does, and the object is looked up among those `add` reaches: 404 otherwise);
 * an object with a data file is synced from it and saved (change-logged), one without is left
 * as it is; 200 with the object. A resource gets it by naming the handler in its definition.
 */
import type { Context } from 'hono';
import { forbidden, notFound, parseId, unrestricted, type OperationArgs } from '../../../rest/index.ts';

export async function syncedDataSync(c: Context, { resource, ctx, db, rest }: OperationArgs): Promise<Response> {
  const [app, model] = resource.objectType.split('.');
  const permission = `${app}.sync_${model}`;
  if (!(await ctx.scope.allows(resource.objectType, 'sync'))) throw forbidden(`Missing permission: ${permission}`);
  const id = parseId(c.req.param('id'), resource);
  const dataFile = rest.registry.field(resource, 'data_file')!.column!;
  const [row] = await db.query<{ data_file: number | null }>(`SELECT ${dataFile} AS data_file FROM ${resource.table} WHERE id = $1`, [id]);
  if (!row || !(await rest.permitted(db, resource, [id], ctx, 'add')).has(id)) throw notFound(resource.model);
  // The sync is the object's own save (NetBox's obj.sync(save=True)): no `change` permission is asked.
  if (row.data_file !== null) await rest.writeWithin({ ...ctx, scope: unrestricted }, (_tx, objects) => objects.update(resource, [{ id, body: {} }]));
  const { bodies } = await rest.render(db, resource, [id], ctx);
  return c.json(bodies[0]);
}
