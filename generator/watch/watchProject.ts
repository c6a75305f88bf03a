/**
 * @module
 * `npm run generate -- --watch`: one generation at start, then one per burst of changes to
 * definitions/, templates/ or specs/, all through one warm pipeline (parsed definitions, compiled
 * templates, the specs' bridge IR and each emitter's output are kept while their inputs are
 * unchanged; see pipeline.ts). A run that fails — diagnostics or a crash of an emitter — is
 * printed and the watch goes on: the next save may fix it.
 */
import { existsSync } from 'node:fs';
import type { PipelineStages, ProjectPaths } from '../pipeline.ts';
import { warmStages } from '../warm/warmStages.ts';
import { watchInputs } from './watchInputs.ts';

/** One generation with the given stages; prints its own outcome (cli.ts's `run`). */
export type Regenerate = (stages: PipelineStages) => number;

export interface ProjectWatch {
  /** Resolves once the first generation ran and the watcher listens. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchProjectOptions {
  log?: (line: string) => void;
  debounceMs?: number;
}

export function watchProject(paths: ProjectPaths, regenerate: Regenerate, { log = console.error, debounceMs }: WatchProjectOptions = {}): ProjectWatch {
  const stages = warmStages();
  const guarded = () => {
    try {
      regenerate(stages);
    } catch (error) {
      // Not a diagnostic (those are printed by `regenerate`): a bug, but one save must not end the watch.
      log(`generation failed: ${(error as Error).stack ?? String(error)}`);
    }
  };
  guarded();
  // specs/ is watched even before it exists, so adding the first spec folder is noticed.
  const dirs = [paths.definitions, paths.templates, paths.specs];
  // Which files changed does not matter: the warm stages compare contents, which also covers
  // events an editor's save sequence coalesces or reorders.
  const watcher = watchInputs(dirs, guarded, { root: paths.root, debounceMs });
  const ready = watcher.ready.then(() => {
    log(`watching definitions/, templates/${existsSync(paths.specs) ? ' and specs/' : ' (and specs/ once it exists)'} …`);
  });
  return { ready, close: () => watcher.close() };
}
