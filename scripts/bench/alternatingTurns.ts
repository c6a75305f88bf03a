/**
 * @module
 * Throughput of two servers compared fairly on a busy machine: after a discarded warm-up of each,
 * they take alternating turns, so that both see the same load, and each one's figure is the
 * median of its turns (the turns are kept, to show the spread).
 */
import { median, requestsPerSecond } from './timing.ts';

export interface TurnFigures {
  /** Median requests per second of the turns. */
  rps: number;
  turns: number[];
}

/** GETs of `path` (expecting `expectResults` results) on each origin, in `turns` alternating turns over `durationMs` each. */
/** A generated server's throughput against a hand-written baseline's: medians of alternating turns, and every turn's figure (req/s). */
export interface AgainstBaseline {
  generatedRps: number;
  baselineRps: number;
  generatedTurns: number[];
  baselineTurns: number[];
}

export async function alternatingTurns(origins: readonly string[], path: string, headers: Record<string, string>, expectResults: number, durationMs: number, turns = 5): Promise<TurnFigures[]> {
  for (const origin of origins) await requestsPerSecond(`${origin}${path}`, headers, expectResults, durationMs / 5);
  const rates = origins.map(() => [] as number[]);
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, origin] of origins.entries()) rates[i].push(await requestsPerSecond(`${origin}${path}`, headers, expectResults, durationMs / turns));
  }
  return rates.map((r) => ({ rps: median(r), turns: r }));
}
