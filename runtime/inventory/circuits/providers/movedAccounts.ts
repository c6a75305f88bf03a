/**
 * @module
 * A provider written with `accounts` takes those accounts (the related list's write: Django's
 * RelatedManager.set() on the reverse foreign key, a queryset update of the accounts' provider).
 * NetBox's database refuses the update when the provider would then hold two accounts of one
 * number, or of one non-blank name, and NetBox answers that IntegrityError with a 500. Here the
 * batch is checked before anything is written, and such a provider is refused under `__all__` with
 * the words of the account's own constraints (the unique account number, and the conditional
 * unique name of providerRules.ts), nothing written.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { tableOf } from '../../dcim/shared/rows.ts';
import { ACCOUNT_NAME_TAKEN } from './providerRules.ts';

const ACCOUNT_TAKEN = 'Provider account with this Provider and Account already exists.';

interface AccountRow {
  id: number;
  provider_id: number;
  account: string;
  name: string;
}

async function checkMovedAccounts(batch: WriteBatch): Promise<void> {
  const listing = batch.items.filter((item) => item.links.get('accounts')?.length);
  if (!listing.length) return;
  // Where each listed account goes (a later item's claim wins, as the write does).
  const holderOf = new Map<number, (typeof listing)[number]>();
  for (const item of listing) for (const id of item.links.get('accounts')!) holderOf.set(id, item);
  const updated = listing.filter((item) => item.id !== null).map((item) => Number(item.id));
  const rows = await batch.tx.query<AccountRow>(
    `SELECT id, provider_id, account, name FROM ${tableOf(batch, 'circuits.provider-accounts')} WHERE id = ANY($1::int[]) OR provider_id = ANY($2::int[])`,
    [[...holderOf.keys()], updated],
  );
  // Each written provider's accounts once the write is done: those it keeps and those it takes.
  const held = new Map<(typeof listing)[number], AccountRow[]>();
  for (const row of rows) {
    const holder = holderOf.get(Number(row.id)) ?? listing.find((item) => item.id !== null && Number(item.id) === Number(row.provider_id));
    if (holder) held.set(holder, [...(held.get(holder) ?? []), row]);
  }
  for (const [item, accounts] of held) {
    const twice = (key: (row: AccountRow) => string | null) => {
      const keys = accounts.map(key).filter((k): k is string => k !== null);
      return new Set(keys).size < keys.length;
    };
    if (twice((row) => row.account)) item.error('__all__', ACCOUNT_TAKEN);
    if (twice((row) => (row.name === '' ? null : row.name))) item.error('__all__', ACCOUNT_NAME_TAKEN);
  }
}

export const providerRules: ModelRules = { clean: checkMovedAccounts };
