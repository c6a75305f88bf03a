/**
 * @module
 * `GET <pass-through object>/{id}/paths/` (NetBox's PassThroughPortMixin.paths) on front and rear
 * ports, circuit terminations and virtual circuit terminations: every stored path through the
 * object, in the order they were stored, as CablePathSerializer shows one — `{id, path,
 * is_active, is_complete, is_split}`, `path` the node lists in their nested form (`[]` when one
 * of its objects is gone, as NetBox answers for a path with an invalid node).
 */
import type { OperationHandler } from '../../../rest/index.ts';
import { nodeKey, parseNode } from './nodes.ts';
import { renderNodes, viewableId } from './render.ts';
import { PATHS_TABLE } from './store.ts';

export const cablePaths: OperationHandler = async (c, args) => {
  const id = await viewableId(args, c.req.param('id'));
  const rows = await args.db.query<{ id: number; path: string[][]; is_active: boolean; is_complete: boolean; is_split: boolean }>(
    `SELECT id, path, is_active, is_complete, is_split FROM ${PATHS_TABLE} WHERE nodes @> ARRAY[$1::text] ORDER BY id`,
    [nodeKey({ objectType: args.resource.objectType, id })],
  );
  const rendered = await renderNodes(args, rows.flatMap((r) => r.path.flat().map(parseNode)));
  return c.json(rows.map((row) => {
    const steps = row.path.map((nodes) => nodes.map((n) => rendered.get(n)));
    const valid = steps.every((step) => step.length && step.every((o) => o !== undefined));
    return { id: Number(row.id), path: valid ? steps : [], is_active: row.is_active, is_complete: row.is_complete, is_split: row.is_split };
  }));
};
