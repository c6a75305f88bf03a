/**
 * @module
 * Rules of data sources (`core.data-sources`), as NetBox's serializer and DataSource.clean()
 * enforce them: the type names a registered data backend, and a local source's URL is a path or a
 * `file://` URL. After a save, a source's `sync_interval` keeps one recurring sync job (sync/syncJob.ts).
 */
import type { ModelRules } from '../../../rest/index.ts';
import { scheduleSyncs } from './sync/syncJob.ts';

/** NetBox's data backends (`registry['data_backends']`): name → whether it reads the local file system. */
export const DATA_BACKENDS: Readonly<Record<string, { label: string; local: boolean }>> = {
  local: { label: 'Local', local: true },
  git: { label: 'Git', local: false },
  'amazon-s3': { label: 'Amazon S3', local: false },
};

/** The scheme of a URL as Python's urlparse finds it (`''` for a plain path). */
function urlScheme(url: string): string {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1].toLowerCase() ?? '';
}

export const dataSourceRules: ModelRules = {
  async clean({ items }) {
    for (const item of items) {
      const type = String(item.value('type') ?? '');
      const backend = Object.hasOwn(DATA_BACKENDS, type) ? DATA_BACKENDS[type] : undefined;
      // The serializer's ChoiceField refuses the type before the model sees it.
      if (!backend) item.error('type', `${type} is not a valid choice.`);
      else if (backend.local && !['file', ''].includes(urlScheme(String(item.value('source_url') ?? '')))) {
        item.error('source_url', 'URLs for local sources must start with file:// (or specify no scheme)');
      }
    }
  },
  async afterSave({ items, tx, resource, ctx }) {
    const saved = items.map((item) => ({
      id: item.id!,
      created: item.creating,
      enabled: item.value('enabled') === true,
      interval: item.value('sync_interval') === null || item.value('sync_interval') === undefined ? null : Number(item.value('sync_interval')),
      userId: ctx.caller?.userId ?? null,
    }));
    await scheduleSyncs(tx, resource.table, saved);
  },
};
