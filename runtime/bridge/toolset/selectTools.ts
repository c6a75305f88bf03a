/**
 * @module
 * Which of a mode's tools a tool set reaches and which it lists.
 *
 * - The catalogue: tools matching an `include` pattern (every tool when there is none) and no
 *   `exclude` pattern. Nothing outside it can be called, whatever the mode.
 * - The listed tools: the catalogue, ranked by the first `include` pattern each matches (a tool
 *   matching the first pattern ranks before one matching only the second), ties in table order (by
 *   name); with a cap, the first `max_tools` minus the tools the mode adds (`sdwan_describe`, the
 *   discovery tools) are listed and the rest dropped, lowest rank first to go. Dropped tools stay in
 *   the catalogue: `sdwan_call` reaches them in hybrid mode.
 *
 * A pattern that matches no tool is returned so the caller can refuse it: a typo in an include or an
 * exclude list must not silently serve something else.
 */
import type { TableTool } from '../../contract/toolTable.ts';
import { matchesPattern, parsePattern } from './patterns.ts';

export interface SelectOptions {
  include: string[];
  exclude: string[];
  /** 0: no cap. */
  maxTools: number;
  /** Tools the mode lists besides the table's (they count against the cap). */
  reserved: number;
}

export interface ToolSelection {
  /** Every tool that may be called, in table order. */
  catalogue: TableTool[];
  /** Tools listed, by rank. */
  listed: TableTool[];
  /** Catalogue tools over the cap, by rank (the last one ranks lowest). */
  dropped: TableTool[];
  /** Patterns that match no tool of the table. */
  unmatched: { key: 'include' | 'exclude'; pattern: string }[];
}

export function selectTools(tools: TableTool[], options: SelectOptions): ToolSelection {
  const include = options.include.map(parsePattern);
  const exclude = options.exclude.map(parsePattern);
  const unmatched: ToolSelection['unmatched'] = [];
  for (const [key, patterns] of [['include', include], ['exclude', exclude]] as const) {
    for (const p of patterns) if (!tools.some((t) => matchesPattern(p, t))) unmatched.push({ key, pattern: p.text });
  }
  const ranked: { tool: TableTool; rank: number; order: number }[] = [];
  tools.forEach((tool, order) => {
    if (exclude.some((p) => matchesPattern(p, tool))) return;
    const rank = include.length ? include.findIndex((p) => matchesPattern(p, tool)) : 0;
    if (rank >= 0) ranked.push({ tool, rank, order });
  });
  const catalogue = ranked.map((r) => r.tool);
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const room = options.maxTools > 0 ? Math.max(0, options.maxTools - options.reserved) : ranked.length;
  return {
    catalogue,
    listed: ranked.slice(0, room).map((r) => r.tool),
    dropped: ranked.slice(room).map((r) => r.tool),
    unmatched,
  };
}
