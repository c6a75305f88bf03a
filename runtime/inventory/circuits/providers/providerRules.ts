/**
 * @module
 * Rules of provider accounts: NetBox's conditional constraint that two accounts of one provider
 * do not share a name, blank names apart (`~Q(name='')`), answered as Django answers a violated
 * conditional constraint, under `__all__`.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { tableOf } from '../../dcim/shared/rows.ts';

/** Django's words for NetBox's conditional constraint `circuits_provideraccount_unique_provider_name`. */
export const ACCOUNT_NAME_TAKEN = 'Constraint “circuits_provideraccount_unique_provider_name” is violated.';

async function cleanAccounts(batch: WriteBatch): Promise<void> {
  const named = batch.items.filter((item) => String(item.value('name') ?? '') !== '');
  if (!named.length) return;
  const taken = await batch.tx.query<{ id: number; provider_id: number; name: string }>(
    `SELECT id, provider_id, name FROM ${tableOf(batch, 'circuits.provider-accounts')} WHERE (provider_id, name) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
    [named.map((item) => Number(item.value('provider_id'))), named.map((item) => String(item.value('name')))],
  );
  const seen = new Map<string, number | null>();
  for (const row of taken) seen.set(`${row.provider_id}:${row.name}`, Number(row.id));
  const written = new Set<string>();
  for (const item of named) {
    const key = `${Number(item.value('provider_id'))}:${String(item.value('name'))}`;
    const holder = seen.get(key);
    if ((holder !== undefined && holder !== item.id) || written.has(key)) item.error('__all__', ACCOUNT_NAME_TAKEN);
    written.add(key);
  }
}

export const providerAccountRules: ModelRules = { clean: cleanAccounts };
