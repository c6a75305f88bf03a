/**
 * @module
 * Cluster.clean(): an existing cluster scoped to a site (or to a location) keeps its host devices
 * there — the devices of the cluster elsewhere are counted and refused under `scope`, the site
 * checked before the location (a location's site too). The cached scope columns are filled first
 * (CachedScopeMixin, dcim/shared/cachedScope.ts), so the check reads the new scope's site and location
 * from them. One query for the whole batch.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { fillCachedScope } from '../../dcim/index.ts';
import { tableOf } from '../../dcim/shared/rows.ts';
import { cachedScopeObjectMissing } from '../../ipam/shared/scopeMissing.ts';
import { requiredColumn } from '../machines/columns.ts';

async function refuseStrayHosts(batch: WriteBatch): Promise<void> {
  const { registry, tx, resource } = batch;
  const col = (field: string) => requiredColumn(registry, resource.key, field);
  const [siteType, locationType] = ['dcim.sites', 'dcim.locations'].map((key) => registry.resource(key).objectType);
  // Only a cluster that exists has hosts; its new scope's site and location come from the cache.
  const checked = batch.items
    .filter((item) => item.errors.empty && item.id !== null && [siteType, locationType].includes(String(item.value(col('scope_type')))))
    .map((item) => ({ item, site: Number(item.value(col('_site'))), location: item.value(col('scope_type')) === locationType ? Number(item.value(col('_location'))) : null }));
  if (!checked.length) return;
  const device = (field: string) => `d."${requiredColumn(registry, 'dcim.devices', field)}"`;
  const rows = await tx.query<{ i: number; off_site: number; off_location: number; site: string; location: string | null }>(
    `SELECT u.i, ` +
      `(SELECT count(*) FROM ${tableOf(batch, 'dcim.devices')} d WHERE ${device('cluster')} = u.c AND ${device('site')} IS DISTINCT FROM u.s)::int AS off_site, ` +
      `(SELECT count(*) FROM ${tableOf(batch, 'dcim.devices')} d WHERE ${device('cluster')} = u.c AND ${device('location')} IS DISTINCT FROM u.l)::int AS off_location, ` +
      `(SELECT s.name FROM ${tableOf(batch, 'dcim.sites')} s WHERE s.id = u.s) AS site, ` +
      `(SELECT l.name FROM ${tableOf(batch, 'dcim.locations')} l WHERE l.id = u.l) AS location ` +
      `FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY u(c, s, l, i)`,
    [checked.map((c) => c.item.id), checked.map((c) => c.site), checked.map((c) => c.location)],
  );
  for (const row of rows) {
    const { item, location } = checked[Number(row.i) - 1];
    if (Number(row.off_site)) item.error('scope', `${row.off_site} devices are assigned as hosts for this cluster but are not in site ${row.site}`);
    else if (location !== null && Number(row.off_location)) item.error('scope', `${row.off_location} devices are assigned as hosts for this cluster but are not in location ${row.location}`);
  }
}

export const clusterRules: ModelRules = {
  async clean(batch) {
    await fillCachedScope(batch);
    await refuseStrayHosts(batch);
  },
  genericObjectMissing: cachedScopeObjectMissing,
};
