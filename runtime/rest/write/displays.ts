/**
 * @module
 * The `display` strings of objects of any resource, by id, as responses show them: model rules
 * quote other objects in NetBox's messages (`The selected device (sw1) is not assigned to
 * this cluster (c1).`), and the display is computed by the one SQL the read path uses, whatever
 * the model's `__str__` (a template or a named expression).
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import type { SqlScope } from '../extensions.ts';
import { q } from '../query/select.ts';

/** Displays of `ids` (nulls and repeats ignored) of `resource`: one query, none without ids. */
export async function displaysOf(tx: Queryable, scope: Pick<SqlScope, 'display' | 'fragment'>, resource: Resource, ids: unknown[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined && id !== '').map(Number))];
  if (!wanted.length) return new Map();
  const rows = await tx.query<{ id: number; display: string }>(`SELECT t.id, ${scope.fragment(() => scope.display(resource, 't'))} AS display FROM ${q(resource.table)} t WHERE t.id = ANY($1::int[])`, [wanted]);
  return new Map(rows.map((row) => [Number(row.id), String(row.display)]));
}
