/**
 * @module
 * The drawing `GET …/{id}/trace/?render=svg[&width=N]` answers (NetBox's CableTraceSVG), apart
 * from the stored paths: load.ts reads what a list of trace segments names, render.ts draws it,
 * width.ts reads the width as NetBox does. `traceSvg` does all three for a handler.
 */
import type { OperationArgs } from '../../../../rest/index.ts';
import { loadTraceDrawing } from './load.ts';
import { renderTraceSvg } from './render.ts';
import type { PathNode, TraceSegment } from './types.ts';
import { traceWidth } from './width.ts';

export { loadTraceDrawing } from './load.ts';
export { renderTraceSvg, type TraceSvgOptions } from './render.ts';
export { DEFAULT_TRACE_WIDTH, traceWidth } from './width.ts';
export type * from './types.ts';
export { nodeKey } from './types.ts';

/**
 * The SVG document (`image/svg+xml`) of the trace `segments` of the origin, at the `width` the
 * request's query asks, its links on the request's host (`args.ctx.origin`).
 */
export async function traceSvg(args: OperationArgs, segments: readonly TraceSegment[], query: URLSearchParams, origin?: PathNode): Promise<string> {
  return renderTraceSvg(await loadTraceDrawing(args, segments, origin), { width: traceWidth(query), baseUrl: args.ctx.origin });
}
