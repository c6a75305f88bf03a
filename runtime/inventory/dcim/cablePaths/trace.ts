/**
 * @module
 * `GET <path endpoint>/{id}/trace/` (NetBox's PathEndpointMixin.trace over PathEndpoint.trace()):
 * the stored path from the object as segments `[near ends, cable, far ends]`, each end a list of
 * nested objects and the cable as TracedCableSerializer shows it (`[]` where a segment has no
 * link: a path ending at a pass-through port, or at a site or provider network beyond a circuit).
 * A path ending at one interface with a bridge goes on from that bridge's path. The segments end
 * before the first with no near ends (a split path). `?render=svg` answers the drawing instead
 * (`width`, NetBox's default when absent or not a number).
 */
import type { Context } from 'hono';
import type { OperationArgs, OperationHandler } from '../../../rest/index.ts';
import { nodeKey, parseNode, type PathNode } from './nodes.ts';
import { bareChoices, renderNodes, TRACED_CABLE, viewableId } from './render.ts';
import { storedPathOf, type StoredPath } from './store.ts';
import { traceSvg, type TraceSegment } from './svg/index.ts';

/** PathEndpoint.trace(): the node lists of the path, its bridged continuations, padded to whole segments. */
async function traceNodes(args: OperationArgs, origin: PathNode): Promise<PathNode[][]> {
  const path: PathNode[][] = [];
  const seen = new Set<string>();
  let next: PathNode | null = origin;
  while (next && !seen.has(nodeKey(next))) {
    seen.add(nodeKey(next));
    const table: string | undefined = args.rest.registry.byObjectType.get(next.objectType)?.resource.table;
    if (!table) break;
    const stored: StoredPath | undefined = await storedPathOf(args.db, table, next.id);
    if (!stored) break;
    path.push(...stored.path.map((nodes) => nodes.map(parseNode)));
    if (path.length % 3 === 1) path.push([], []);
    else if (path.length % 3 === 2) path.splice(path.length - 1, 0, []);
    const destinations: string[] = stored.is_complete ? stored.path[stored.path.length - 1] : [];
    next = null;
    if (destinations.length === 1 && parseNode(destinations[0]).objectType === 'dcim.interface') {
      const [bridged]: { bridge_id: number | null }[] = await args.db.query<{ bridge_id: number | null }>(`SELECT bridge_id FROM "${args.rest.registry.resource('dcim.interfaces').table}" WHERE id = $1`, [parseNode(destinations[0]).id]);
      if (bridged?.bridge_id) next = { objectType: 'dcim.interface', id: Number(bridged.bridge_id) };
    }
  }
  return path;
}

export async function traceSegments(args: OperationArgs, origin: PathNode): Promise<TraceSegment[]> {
  const nodes = await traceNodes(args, origin);
  const segments: TraceSegment[] = [];
  for (let i = 0; i + 2 < nodes.length; i += 3) segments.push([nodes[i], nodes[i + 1], nodes[i + 2]]);
  return segments;
}

export const cableTrace: OperationHandler = async (c: Context, args) => {
  const id = await viewableId(args, c.req.param('id'));
  const segments = await traceSegments(args, { objectType: args.resource.objectType, id });
  const url = new URL(c.req.url);
  if (url.searchParams.get('render') === 'svg') {
    const origin = { objectType: args.resource.objectType, id };
    return c.body(await traceSvg(args, segments, url.searchParams, origin), 200, { 'Content-Type': 'image/svg+xml' });
  }
  const rendered = await renderNodes(args, segments.flat(2), (type) => (type === 'dcim.cable' ? TRACED_CABLE : undefined));
  const list = (nodes: PathNode[]) => nodes.map((n) => rendered.get(nodeKey(n))).filter((o) => o !== undefined);
  const body: unknown[] = [];
  for (const [near, links, far] of segments) {
    if (!near.length) break;
    const link = links.length ? rendered.get(nodeKey(links[0])) : undefined;
    body.push([list(near), link ? (links[0].objectType === 'dcim.cable' ? bareChoices(link) : link) : [], list(far)]);
  }
  return c.json(body);
};

