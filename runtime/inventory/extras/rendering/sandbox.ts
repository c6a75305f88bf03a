/**
 * @module
 * Renders templates on a bounded thread of their own (runtime/workers' BoundedThread): the server's
 * thread only waits. A render that runs past RENDER_TIMEOUT_MS ends the thread and answers
 * NetBox-shaped error text; one that panics the engine (its memory cap) restarts it too.
 */
import { BoundedThread, moduleBeside, ThreadOverrun } from '../../../workers/index.ts';
import type { RenderJob, RenderLimits, RenderOutcome, SyntaxProblem } from './renderJob.ts';

/** Wall-clock time a render may take. */
export const RENDER_TIMEOUT_MS = 5_000;

/** Steps and output a render may take: far above a real configuration (thousands of lines), far below a runaway. */
export const RENDER_LIMITS: RenderLimits = { fuel: 10_000_000, outputChars: 16 * 1024 * 1024 };

const RENDERER = moduleBeside(import.meta.url, 'renderInThread');

const thread = new BoundedThread({ timeoutMs: RENDER_TIMEOUT_MS, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 } });

/** Renders off the server's thread; an error of the template or of its bounds comes back as text. */
export async function render(job: Omit<RenderJob, 'limits'> & { limits?: RenderLimits }): Promise<RenderOutcome> {
  try {
    const outcome = await thread.call<RenderOutcome>(RENDERER, 'renderJob', { ...job, limits: job.limits ?? RENDER_LIMITS });
    if ('fatal' in outcome && outcome.fatal) await thread.close();
    return outcome;
  } catch (error) {
    if (error instanceof ThreadOverrun) {
      return { error: error.limit === 'time' ? `TimeoutError: the template took longer than a render may (${RENDER_TIMEOUT_MS / 1000} s)` : 'MemoryError: the template used more memory than a render may' };
    }
    throw error;
  }
}

/** The first syntax error of the templates, parsed off the server's thread. */
export function checkSyntax(templates: Record<string, string>, params: Record<string, unknown>): Promise<SyntaxProblem | null> {
  return thread.call<SyntaxProblem | null>(RENDERER, 'checkSyntax', templates, params);
}

/** Ends the rendering thread (tests; a server shutting down). */
export function closeRenderer(): Promise<void> {
  return thread.close();
}
