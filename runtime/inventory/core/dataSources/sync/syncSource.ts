/**
 * @module
 * DataSource.sync(), in the request: the source is marked `syncing` (a source already syncing is
 * refused with NetBox's words), its files are fetched and read outside any transaction, then in
 * one transaction its data files are made to match, it is marked `completed` with `last_synced`,
 * and the objects that auto-sync from its files are synced (NetBox's post_sync signal). When
 * anything fails, the transaction writes nothing and the source is marked `failed`; the reason is
 * the error's message (a 400 `{"detail": …}`). The status writes are not change-logged (NetBox's
 * queryset updates). Running it as a job belongs to the job queue.
 */
import type { Database } from '../../../../db/index.ts';
import { badRequest, notFound, unrestricted, type RequestContext, type RestServices } from '../../../../rest/index.ts';
import { autoSync } from '../../syncedData/index.ts';
import { applyFiles, type SyncCounts } from './applyFiles.ts';
import { DEFAULT_CLONE_TIMEOUT_MS, fetchSource, SyncError, withoutCredentials } from './backends.ts';
import { ignoreRules } from './ignoreRules.ts';
import type { SourceFile } from './readTree.ts';

export interface SyncOptions {
  /** How long fetching the source may take (a git clone), in milliseconds. */
  timeoutMs?: number;
}

export async function syncSource(db: Database, rest: RestServices, ctx: RequestContext, sourceId: number, options: SyncOptions = {}): Promise<SyncCounts> {
  const { registry } = rest;
  const sources = registry.resource('core.data-sources');
  const col = (name: string) => registry.field(sources, name)!.column!;
  const [row] = await db.query<{ type: string; url: string; parameters: unknown; ignore_rules: string; status: string }>(
    `SELECT ${col('type')} AS type, ${col('source_url')} AS url, ${col('parameters')} AS parameters, ${col('ignore_rules')} AS ignore_rules, ${col('status')} AS status FROM ${sources.table} WHERE id = $1`,
    [sourceId],
  );
  if (!row) throw notFound(sources.model);
  const claimed = await db.query(`UPDATE ${sources.table} SET ${col('status')} = 'syncing' WHERE id = $1 AND ${col('status')} <> 'syncing' RETURNING id`, [sourceId]);
  if (!claimed.length) throw badRequest({ detail: 'Cannot initiate sync; syncing already in progress.' });
  try {
    const parameters = row.parameters && typeof row.parameters === 'object' && !Array.isArray(row.parameters) ? (row.parameters as Record<string, unknown>) : null;
    const fetched = await fetchSource({ type: row.type, url: row.url, parameters }, { timeoutMs: options.timeoutMs ?? DEFAULT_CLONE_TIMEOUT_MS });
    let found: SourceFile[];
    try {
      found = await fetched.read(ignoreRules(row.ignore_rules ?? ''));
    } catch (error) {
      throw new SyncError(`Reading the fetched files failed: ${(error as Error).message}`);
    } finally {
      await fetched.release();
    }
    // The source's own status is no object write; the files and auto-synced objects are the engine's.
    return await rest.writeWithin({ ...ctx, scope: unrestricted }, async (tx, objects) => {
      const counts = await applyFiles(tx, objects, registry, sourceId, found);
      await tx.query(`UPDATE ${sources.table} SET ${col('status')} = 'completed', ${col('last_synced')} = now() WHERE id = $1`, [sourceId]);
      await autoSync(tx, objects, registry, sourceId);
      return counts;
    });
  } catch (error) {
    await db.query(`UPDATE ${sources.table} SET ${col('status')} = 'failed' WHERE id = $1`, [sourceId]);
    if (error instanceof SyncError) {
      console.error(`data source ${sourceId}: sync failed: ${withoutCredentials(error.message)}`);
      throw badRequest({ detail: error.message });
    }
    throw error;
  }
}
