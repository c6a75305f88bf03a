/**
 * @module
 * `POST core/data-sources/{id}/sync/` (handler `data-source-sync`): the POST's `add` is checked
 * by the engine, then `core.sync_datasource` on this source (NetBox's words when it is missing);
 * the source syncs in the request (syncSource.ts) and the answer is the data source, 200.
 */
import type { Context } from 'hono';
import { forbidden, notFound, parseId, type OperationArgs } from '../../../../rest/index.ts';
import { syncSource } from './syncSource.ts';

export async function dataSourceSync(c: Context, { resource, ctx, db, rest }: OperationArgs): Promise<Response> {
  const id = parseId(c.req.param('id'), resource);
  const [exists] = await db.query(`SELECT 1 FROM ${resource.table} WHERE id = $1`, [id]);
  if (!exists) throw notFound(resource.model);
  if (!(await rest.permitted(db, resource, [id], ctx, 'sync')).has(id)) throw forbidden('This user does not have permission to synchronize this data source.');
  await syncSource(db, rest, ctx, id);
  const { bodies } = await rest.render(db, resource, [id], ctx);
  return c.json(bodies[0]);
}
