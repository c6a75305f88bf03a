/**
 * @module
 * `POST core/data-sources/{id}/sync/` (handler `data-source-sync`), as NetBox's
 * DataSourceViewSet.sync: the POST's `add` is checked by the engine, then `core.sync_datasource`
 * on this source (NetBox's words when it is missing); a sync job is enqueued (syncJob.ts) and the
 * answer is the data source as it was read before (NetBox serializes the instance it fetched, not
 * the `queued` status the job writes), 200. The sync itself runs on a worker: its outcome is the
 * job's (`core/jobs/?object_type=core.datasource&object_id=…`) and the source's `status`.
 */
import type { Context } from 'hono';
import { forbidden, notFound, parseId, type OperationArgs } from '../../../../rest/index.ts';
import { enqueueSync } from './syncJob.ts';

export async function dataSourceSync(c: Context, { resource, ctx, db, rest }: OperationArgs): Promise<Response> {
  const id = parseId(c.req.param('id'), resource);
  const [exists] = await db.query(`SELECT 1 FROM ${resource.table} WHERE id = $1`, [id]);
  if (!exists) throw notFound(resource.model);
  if (!(await rest.permitted(db, resource, [id], ctx, 'sync')).has(id)) throw forbidden('This user does not have permission to synchronize this data source.');
  const { bodies } = await rest.render(db, resource, [id], ctx);
  await db.transaction((tx) => enqueueSync(tx, resource.table, id, ctx.caller?.userId ?? null));
  return c.json(bodies[0]);
}
