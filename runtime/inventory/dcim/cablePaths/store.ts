/**
 * @module
 * Keeps the stored paths (table `dcim_cablepath`, each path endpoint's `_path_id`) true after a
 * write, inside its transaction: every stored path through a changed object is traced again
 * from its origins, as NetBox's signals retrace them (dcim/signals.py, circuits/signals.py,
 * wireless/signals.py). The origins of those paths and any new ones (the path endpoints a new
 * link reaches) are grouped anew by the link each is on now — an origin gone or without a link
 * starts no path — and each group's path is traced (tracer.ts, all together: sqlGraph.ts) and
 * stored, its origins pointing at it, under the id of the path its origins had (NetBox retraces
 * in place). The statements are a few per retrace and per step of the
 * longest path, whatever the number of paths.
 */
import type { Queryable } from '../../../db/index.ts';
import { badRequest, type Registry } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';
import type { Termination } from './graph.ts';
import { nodeKey, parseNode, unique, type PathNode } from './nodes.ts';
import { SqlPathGraph } from './sqlGraph.ts';
import { tracePath, UnsupportedCablePath, type TracedPath } from './tracer.ts';

export const PATHS_TABLE = 'dcim_cablepath';

/** The resources that are path endpoints: those keeping their path's id (`_path`). */
export function endpointTypes(registry: Registry): Map<string, string> {
  let found = endpointTables.get(registry);
  if (!found) endpointTables.set(registry, (found = new Map(registry.resources.filter((r) => r.fields.some((f) => f.name === '_path')).map((r) => [r.objectType, r.table]))));
  return found;
}

/** Worked out once per generated table: every cable write and delete of a node asks. */
const endpointTables = new WeakMap<Registry, Map<string, string>>();

export interface StoredPath {
  path: string[][];
  is_complete: boolean;
}

/** The stored path the endpoint `id` of `table` starts, or undefined. */
export async function storedPathOf(db: Queryable, table: string, id: number): Promise<StoredPath | undefined> {
  const [stored] = await db.query<StoredPath>(`SELECT p.path, p.is_complete FROM ${PATHS_TABLE} p JOIN ${quote(table)} t ON t._path_id = p.id WHERE t.id = $1`, [id]);
  return stored;
}

/** What a write changed: objects whose paths are traced again, and path endpoints that may start one. */
export interface PathChange {
  /** Objects (cables, links, ports, terminations…) whose stored paths are traced again. */
  through: PathNode[];
  /** Path endpoints that may now start a path (the ends of a new cable or wireless link). */
  origins?: PathNode[];
}

/** The link an origin is on now, as a grouping key, or null. */
function linkKey(t: Termination): string | null {
  if (t.cable) return `cable:${t.cable.id}:${t.cable.end}`;
  return t.wirelessLink !== null ? `wireless:${t.wirelessLink}:${nodeKey(t.node)}` : null;
}

export async function retracePaths(tx: Queryable, registry: Registry, change: PathChange): Promise<void> {
  const endpoints = endpointTypes(registry);
  const touched = unique([...change.through, ...(change.origins ?? [])], nodeKey).map(nodeKey);
  if (!touched.length) return;
  const stale = await tx.query<{ id: number; origins: string[] }>(`SELECT id, path->0 AS origins FROM ${PATHS_TABLE} WHERE nodes && $1::text[]`, [touched]);
  const origins = unique([...stale.flatMap((p) => (p.origins ?? []).map(parseNode)), ...(change.origins ?? [])], nodeKey).filter((n) => endpoints.has(n.objectType));
  if (stale.length) {
    const ids = stale.map((p) => p.id);
    for (const table of new Set(stale.flatMap((p) => (p.origins ?? []).map((o) => endpoints.get(parseNode(o).objectType))).filter((t): t is string => !!t))) {
      await tx.query(`UPDATE ${quote(table)} SET _path_id = NULL WHERE _path_id = ANY($1::int[])`, [ids]);
    }
    await tx.query(`DELETE FROM ${PATHS_TABLE} WHERE id = ANY($1::int[])`, [ids]);
  }
  if (!origins.length) return;

  const graph = new SqlPathGraph(tx, registry);
  const groups = new Map<string, PathNode[]>();
  for (const t of await graph.terminations(origins)) {
    const key = t && linkKey(t);
    if (key) groups.set(key, [...(groups.get(key) ?? []), t.node]);
  }
  // A cable end's origins in the order of its terminations, as NetBox lists them.
  const ordered = await Promise.all([...groups.values()].map(async (nodes) => {
    const [first] = await graph.terminations([nodes[0]]);
    if (!first?.cable) return nodes;
    const [cable] = await graph.links([{ objectType: 'dcim.cable', id: first.cable.id }]);
    const members = new Set(nodes.map(nodeKey));
    return cable ? cable.ends[first.cable.end].filter((n) => members.has(nodeKey(n))) : nodes;
  }));
  const traced = (await Promise.all(ordered.map((nodes) => tracePath(graph, nodes))).catch(refused)).filter((p): p is TracedPath => p !== null);
  await storePaths(tx, endpoints, traced, keptIds(stale, traced));
}

/** A path NetBox will not trace: the write is refused (NetBox's AbortRequest, answered as `{detail}`). */
function refused(error: unknown): never {
  if (error instanceof UnsupportedCablePath) throw badRequest({ detail: error.message });
  throw error;
}

/**
 * The id each traced path keeps: that of the stale path one of its origins had, once each. NetBox
 * retraces a CablePath in place (CablePath.retrace(), also after an origin left its cable), so a
 * path through a deleted cable or a changed port is the same object, with the same id, after.
 */
function keptIds(stale: { id: number; origins: string[] }[], traced: TracedPath[]): (number | null)[] {
  const staleOf = new Map<string, number>();
  for (const row of stale) for (const origin of row.origins ?? []) if (!staleOf.has(origin)) staleOf.set(origin, Number(row.id));
  const claimed = new Set<number>();
  return traced.map((p) => {
    const id = p.path[0].map((n) => staleOf.get(nodeKey(n))).find((i): i is number => i !== undefined && !claimed.has(i));
    if (id === undefined) return null;
    claimed.add(id);
    return id;
  });
}

/** Inserts the paths (under their kept ids, else new ones) and points their origins at them: a statement for the new ids, one for the rows, one per origin type. */
async function storePaths(tx: Queryable, endpoints: Map<string, string>, paths: TracedPath[], kept: (number | null)[]): Promise<void> {
  if (!paths.length) return;
  const fresh = kept.filter((id) => id === null).length;
  const newIds = fresh ? (await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('${PATHS_TABLE}', 'id'))::int AS id FROM generate_series(1, $1::int)`, [fresh])).map((r) => Number(r.id)) : [];
  const ids = kept.map((id) => id ?? newIds.shift()!);
  const rows = paths.map((p, i) => ({ id: ids[i], path: p.path.map((nodes) => nodes.map(nodeKey)), nodes: p.path.flat().map(nodeKey), active: p.isActive, complete: p.isComplete, split: p.isSplit }));
  await tx.query(
    `INSERT INTO ${PATHS_TABLE} (id, path, is_active, is_complete, is_split, nodes)
     SELECT u.id, u.path, u.active, u.complete, u.split, ARRAY(SELECT jsonb_array_elements_text(u.nodes))
     FROM jsonb_to_recordset($1::text::jsonb) AS u(id int, path jsonb, nodes jsonb, active boolean, complete boolean, split boolean)`,
    [JSON.stringify(rows)],
  );
  const byTable = new Map<string, { origin: number[]; path: number[] }>();
  paths.forEach((p, i) => {
    for (const origin of p.path[0]) {
      const table = endpoints.get(origin.objectType);
      if (!table) continue;
      const entry = byTable.get(table) ?? { origin: [], path: [] };
      entry.origin.push(origin.id);
      entry.path.push(ids[i]);
      byTable.set(table, entry);
    }
  });
  for (const [table, { origin, path }] of byTable) {
    await tx.query(`UPDATE ${quote(table)} t SET _path_id = u.path FROM unnest($1::int[], $2::int[]) AS u(id, path) WHERE t.id = u.id`, [origin, path]);
  }
}

/**
 * Traces the paths of every path endpoint with a link but no stored path: a database whose cables
 * predate stored paths (migration 0018), as NetBox's `manage.py trace_paths` does. The server
 * runs it after applying migrations; on a database already traced it finds nothing.
 */
export async function traceMissingPaths(tx: Queryable, registry: Registry): Promise<number> {
  const origins: PathNode[] = [];
  for (const [objectType, table] of endpointTypes(registry)) {
    const linked = registry.byObjectType.get(objectType)!.fields.has('wireless_link') ? '(cable_id IS NOT NULL OR wireless_link_id IS NOT NULL)' : 'cable_id IS NOT NULL';
    const rows = await tx.query<{ id: number }>(`SELECT id FROM ${quote(table)} WHERE ${linked} AND _path_id IS NULL`);
    origins.push(...rows.map((r) => ({ objectType, id: Number(r.id) })));
  }
  if (origins.length) await retracePaths(tx, registry, { through: [], origins });
  return origins.length;
}
