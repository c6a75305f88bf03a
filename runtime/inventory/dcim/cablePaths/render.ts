/**
 * @module
 * Path nodes as a response shows them: each object in its nested form (NetBox's
 * `serializer(nested=True)`), one query per object type however many nodes; a cable in a trace
 * as NetBox's TracedCableSerializer shows it (its choice fields as bare values, DRF's
 * ChoiceField). An object that no longer exists is left out.
 */
import { notFound, parseId, type OperationArgs } from '../../../rest/index.ts';
import { nodeKey, type PathNode } from './nodes.ts';

type Json = Record<string, unknown>;

/** The nested form of every node, by node key. */
export async function renderNodes(args: OperationArgs, nodes: readonly PathNode[], fields?: (objectType: string) => string[] | undefined): Promise<Map<string, Json>> {
  const byType = new Map<string, number[]>();
  for (const n of nodes) byType.set(n.objectType, [...new Set([...(byType.get(n.objectType) ?? []), n.id])]);
  const out = new Map<string, Json>();
  for (const [objectType, ids] of byType) {
    const resource = args.rest.registry.byObjectType.get(objectType)?.resource;
    if (!resource) continue;
    const shown = fields?.(objectType) ?? resource.nested ?? resource.brief;
    const { bodies } = await args.rest.render(args.db, resource, ids, args.ctx, new URLSearchParams({ fields: shown.join(',') }), 'GET');
    for (const body of bodies) out.set(nodeKey({ objectType, id: Number(body.id) }), body);
  }
  return out;
}

/** TracedCableSerializer's fields. */
export const TRACED_CABLE = ['id', 'url', 'display_url', 'type', 'status', 'label', 'color', 'length', 'length_unit', 'description'];

/** A `{value, label}` choice as DRF's ChoiceField shows it: the value. */
export function bareChoices(body: Json): Json {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v && typeof v === 'object' && 'value' in v && 'label' in v ? (v as { value: unknown }).value : v]));
}

/** The id of the `{id}` path parameter of an object the caller may view, else 404 as NetBox's get_object_or_404. */
export async function viewableId(args: OperationArgs, raw: string | undefined): Promise<number> {
  const id = parseId(raw, args.resource);
  const permitted = await args.rest.permitted(args.db, args.resource, [id], args.ctx, 'view');
  if (!permitted.has(id)) throw notFound(args.resource.model);
  const [row] = await args.db.query(`SELECT 1 FROM "${args.resource.table}" WHERE id = $1`, [id]);
  if (!row) throw notFound(args.resource.model);
  return id;
}
