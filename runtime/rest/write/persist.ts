/**
 * @module
 * Writes a validated batch with a bounded number of statements per table, whatever its size: the
 * rows in one INSERT (per set of columns) or one UPDATE, built from a JSON parameter that
 * PostgreSQL turns into typed records (`jsonb_populate_record` on the table's own row type), then
 * each many-to-many field's links and the tags in a few statements each (the field's kind says
 * which link table holds them and what the write staged), and the objects a written reverse
 * relation points here.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { sqlString } from '../../kinds/index.ts';
import { q } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import type { WriteItem } from './batch.ts';
import { fieldKind, type LinkChanges, type LinkRows } from '../../kinds/index.ts';
import { placeInTree } from './tree.ts';

/**
 * Columns a write never sets from the items: the key, the tree bookkeeping and, for change-logged
 * models, the change stamps (set to now() by the statement). Another model's `created` (a token's)
 * is an ordinary column, filled from its default.
 */
const MANAGED = new Set(['id', 'tree_path', 'tree_depth']);
const CHANGE_STAMPS = new Set([...MANAGED, 'created', 'last_updated']);

function jsonOf(resource: Resource, columns: Record<string, unknown>): Record<string, unknown> {
  const managed = resource.changeLogged ? CHANGE_STAMPS : MANAGED;
  return Object.fromEntries(Object.entries(columns).filter(([c, v]) => !managed.has(c) && v !== undefined));
}

/** Inserts the items (in their order: ids ascend in insertion order) and sets their ids. */
async function insert(tx: Queryable, resource: Resource, items: WriteItem[]): Promise<void> {
  // Items with the same columns go together; a column missing from a row keeps its database default.
  const groups = new Map<string, WriteItem[]>();
  for (const item of items) {
    const key = Object.keys(jsonOf(resource, item.columns)).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const t = q(resource.table);
  for (const [key, group] of groups) {
    const columns = key ? key.split(',') : [];
    const stamps = resource.changeLogged ? ['created', 'last_updated'] : [];
    const names = [...columns, ...stamps].map(q).join(', ');
    const values = [...columns.map((c) => `r.${q(c)}`), ...stamps.map(() => 'now()')].join(', ');
    const sql = names
      ? `INSERT INTO ${t} (${names}) SELECT ${values} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(j, n), jsonb_populate_record(NULL::${t}, e.j) r ORDER BY e.n RETURNING id`
      : `INSERT INTO ${t} SELECT FROM generate_series(1, $1::int) RETURNING id`;
    const rows = await tx.query<{ id: number }>(sql, [names ? group.map((item) => jsonOf(resource, item.columns)) : group.length]);
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    group.forEach((item, i) => (item.id = ids[i]));
  }
}

/** Updates every item in one statement: each column is set from the items that change it. */
async function update(tx: Queryable, resource: Resource, items: WriteItem[]): Promise<void> {
  const columns = [...new Set(items.flatMap((item) => Object.keys(jsonOf(resource, item.columns))))];
  const sets = columns.map((c) => `${q(c)} = CASE WHEN e.j ? ${sqlString(c)} THEN r.${q(c)} ELSE t.${q(c)} END`);
  if (resource.changeLogged) sets.push('last_updated = now()');
  if (!sets.length) return;
  const t = q(resource.table);
  await tx.query(
    `UPDATE ${t} t SET ${sets.join(', ')} FROM jsonb_array_elements($1::jsonb) AS e(j), jsonb_populate_record(NULL::${t}, e.j) r WHERE t.id = (e.j->>'__id')::int`,
    [items.map((item) => ({ ...jsonOf(resource, item.columns), __id: item.id }))],
  );
}

/** Replaces the links of every item that sets a many-to-many field: one delete and one insert per field. */
async function writeLinks(tx: Queryable, registry: Registry, resource: Resource, items: WriteItem[]): Promise<void> {
  // Tags are such a field too, kept in a table every resource shares, and may be added and removed as well.
  for (const field of resource.fields) {
    const relation = fieldKind(field.kind).relation;
    const link = relation?.links?.(field, resource, registry.tagLink);
    if (!link || !relation!.staged) continue;
    const changes = items.flatMap((item) => {
      const staged = relation!.staged!(field, item);
      return staged ? [{ id: item.id!, ...staged }] : [];
    });
    await writeLinkRows(tx, link, changes);
  }
}

/**
 * Writes the staged link changes of one link table: the links of objects that replace theirs
 * deleted, those removed deleted, then those set or added inserted (a link already there kept).
 * Rows of a shared table (tag assignments) are those of the holder's type only.
 */
async function writeLinkRows(tx: Queryable, link: LinkRows, changes: ({ id: number } & LinkChanges)[]): Promise<void> {
  const [t, s, g] = [q(link.table), q(link.source), q(link.target)];
  const type = link.holderType;
  // With a holder type, it is $1 and the other parameters follow it.
  const typed = (prefix: string) => (type ? `${prefix}${q(type.column)} = $1 AND ` : '');
  const $ = (n: number) => `$${type ? n + 1 : n}`;
  const params = (...rest: unknown[]) => (type ? [type.value, ...rest] : rest);
  const replacing = changes.filter((c) => c.set);
  if (replacing.length) await tx.query(`DELETE FROM ${t} WHERE ${typed('')}${s} = ANY(${$(1)}::int[])`, params(replacing.map((c) => c.id)));
  const removals = changes.flatMap((c) => (c.remove ?? []).map((target) => [c.id, target]));
  if (removals.length) {
    await tx.query(`DELETE FROM ${t} x USING unnest(${$(1)}::int[], ${$(2)}::int[]) AS u(o, g) WHERE ${typed('x.')}x.${s} = u.o AND x.${g} = u.g`, params(removals.map((p) => p[0]), removals.map((p) => p[1])));
  }
  const additions = changes.flatMap((c) => [...(c.set ?? []), ...(c.add ?? [])].map((target) => [c.id, target]));
  if (additions.length) {
    await tx.query(`INSERT INTO ${t} (${type ? `${q(type.column)}, ` : ''}${s}, ${g}) SELECT ${type ? '$1, ' : ''}* FROM unnest(${$(1)}::int[], ${$(2)}::int[]) ON CONFLICT DO NOTHING`, params(additions.map((p) => p[0]), additions.map((p) => p[1])));
  }
}

/**
 * Points the objects a written reverse relation lists at the written objects (a provider's
 * `accounts`), as Django's RelatedManager.set() does on a reverse foreign key: one UPDATE of the
 * fk per field, with no change record and no change stamp on those objects (set() updates them by
 * a queryset, which sends no signal). With an fk that may be null, the objects a written list no
 * longer names are cleared; else set() only adds. An object two items list goes to the later one.
 */
async function writeReassignments(tx: Queryable, registry: Registry, resource: Resource, items: WriteItem[]): Promise<void> {
  for (const field of resource.fields) {
    const back = fieldKind(field.kind).relation?.reassigns?.(field, registry);
    if (!back) continue;
    const listing = items.filter((item) => item.links.has(field.name));
    if (!listing.length) continue;
    const holderOf = new Map<number, number>();
    for (const item of listing) for (const id of item.links.get(field.name)!) holderOf.set(id, item.id!);
    const [t, c] = [q(back.table), q(back.column)];
    if (back.nullable) {
      await tx.query(`UPDATE ${t} SET ${c} = NULL WHERE ${c} = ANY($1::int[]) AND NOT (id = ANY($2::int[]))`, [listing.map((item) => item.id!), [...holderOf.keys()]]);
    }
    if (holderOf.size) {
      await tx.query(`UPDATE ${t} x SET ${c} = u.holder FROM unnest($1::int[], $2::int[]) AS u(id, holder) WHERE x.id = u.id AND x.${c} IS DISTINCT FROM u.holder`, [[...holderOf.keys()], [...holderOf.values()]]);
    }
  }
}

/** Writes rows, tree placement, links and tags of a validated batch; afterwards every item has its id. */
export async function persist(tx: Queryable, registry: Registry, resource: Resource, items: WriteItem[]): Promise<void> {
  const created = items.filter((item) => item.creating);
  const updated = items.filter((item) => !item.creating);
  if (created.length) await insert(tx, resource, created);
  if (updated.length) await update(tx, resource, updated);
  if (resource.tree) await placeInTree(tx, resource, items);
  await writeLinks(tx, registry, resource, items);
  await writeReassignments(tx, registry, resource, items);
}
