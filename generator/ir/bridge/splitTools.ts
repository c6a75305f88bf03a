/**
 * @module
 * Groups a mode's operations into tools: one tool per tag, and a tag with more than
 * `maxActionsPerTool` operations split by path. The split looks at the first path segment the tag's
 * operations do not share; buckets still over the cap split again one segment deeper; buckets under
 * `MIN_BUCKET` operations are pooled in a `_misc` tool; operations no path segment tells apart are cut
 * into equal `_part<n>` tools in path order. Every step sorts, so the result depends only on the spec.
 */
import { limitName, MAX_TOOL_NAME, pathSegments, slug, tagTitle, tagToolName, uniqueName } from './naming.ts';
import { compareText } from './operations.ts';
import { isDestructiveOperation } from './readOnly.ts';
import type { BridgeOperationIR, BridgeToolIR, BridgeToolSetIR, ToolAnnotationsIR } from './types.ts';

/** Buckets smaller than this go to the tag's `_misc` tool instead of becoming tools of their own. */
export const MIN_BUCKET = 4;

interface Item {
  index: number;
  segments: string[];
}

interface Group {
  part: string[];
  items: Item[];
}

function commonPrefixLength(lists: string[][]): number {
  let n = 0;
  for (;;) {
    const first = lists[0]?.[n];
    if (first === undefined || lists.some((l) => l[n] !== first)) return n;
    n++;
  }
}

/** As few slices as the cap allows, in the order given (path order), sizes differing by one at most. */
function chunk(items: Item[], cap: number, part: string[]): Group[] {
  const count = Math.ceil(items.length / cap);
  const base = Math.floor(items.length / count);
  const extra = items.length % count;
  const groups: Group[] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const size = base + (i < extra ? 1 : 0);
    groups.push({ part: [...part, `part${i + 1}`], items: items.slice(start, start + size) });
    start += size;
  }
  return groups;
}

export function splitByPath(items: Item[], cap: number): Group[] {
  if (cap <= 0 || items.length <= cap) return [{ part: [], items }];
  const depth = commonPrefixLength(items.map((i) => i.segments));
  const buckets = new Map<string, Item[]>();
  for (const item of items) {
    const key = item.segments[depth] ?? '';
    const bucket = buckets.get(key);
    if (bucket) bucket.push(item);
    else buckets.set(key, [item]);
  }
  if (buckets.size === 1) return chunk(items, cap, []);
  const groups: Group[] = [];
  const pooled: Item[] = [];
  for (const key of [...buckets.keys()].sort(compareText)) {
    const bucket = buckets.get(key)!;
    if (bucket.length < MIN_BUCKET) {
      pooled.push(...bucket);
      continue;
    }
    const name = slug(key) || 'root';
    for (const sub of splitByPath(bucket, cap)) groups.push({ part: [name, ...sub.part], items: sub.items });
  }
  if (pooled.length) {
    pooled.sort((a, b) => a.index - b.index);
    groups.push(...(pooled.length <= cap ? [{ part: ['misc'], items: pooled }] : chunk(pooled, cap, ['misc'])));
  }
  return groups;
}

function annotationsFor(ops: BridgeOperationIR[]): ToolAnnotationsIR {
  const readOnly = ops.every((op) => op.readOnly);
  const writes = ops.filter((op) => !op.readOnly);
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && writes.some((op) => isDestructiveOperation(op.method, op.operationId)),
    idempotentHint: writes.every((op) => op.method === 'PUT' || op.method === 'DELETE'),
    // The tools reach one controller, not an open world of arbitrary resources.
    openWorldHint: false,
  };
}

/**
 * The tools of one mode: `include` picks the operations (all of them in read-write mode), `cap` is
 * `max_actions_per_tool` (0: never split).
 */
export function buildToolSet(operations: BridgeOperationIR[], include: (op: BridgeOperationIR) => boolean, cap: number): BridgeToolSetIR {
  const byTag = new Map<string, Item[]>();
  operations.forEach((op, index) => {
    if (!include(op)) return;
    const item = { index, segments: pathSegments(op.path) };
    const items = byTag.get(op.tag);
    if (items) items.push(item);
    else byTag.set(op.tag, [item]);
  });
  const drafts: { name: string; title: string; tag: string; part: string[]; items: Item[] }[] = [];
  for (const tag of [...byTag.keys()].sort(compareText)) {
    const base = tagToolName(tag);
    for (const group of splitByPath(byTag.get(tag)!, cap)) {
      drafts.push({
        name: [base, ...group.part].join('_'),
        title: [tagTitle(tag), ...group.part].join(' / '),
        tag,
        part: group.part,
        items: group.items,
      });
    }
  }
  // Shorten first, then make unique, so a clash created by shortening is resolved too.
  const used = new Set<string>();
  const tools: BridgeToolIR[] = drafts.map((d) => {
    const ops = d.items.map((i) => operations[i.index]);
    return {
      name: uniqueName(limitName(d.name), used, MAX_TOOL_NAME),
      title: d.title,
      tag: d.tag,
      part: d.part,
      annotations: annotationsFor(ops),
      actions: d.items.map((i) => ({ name: operations[i.index].action, operation: i.index })).sort((a, b) => compareText(a.name, b.name)),
    };
  });
  tools.sort((a, b) => compareText(a.name, b.name));
  return { tools, operationCount: tools.reduce((n, t) => n + t.actions.length, 0) };
}
