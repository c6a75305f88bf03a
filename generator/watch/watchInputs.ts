/**
 * @module
 * Watches the generator's inputs (definitions/, templates/, specs/) and calls back once per burst
 * of changes. chokidar, not `fs.watch`: an editor that saves by writing a temporary file and
 * renaming it over the original (vim, JetBrains, `sed -i`) replaces the inode `fs.watch` was
 * attached to, and a bare `fs.watch` then hears nothing more. chokidar re-arms on renames, follows
 * files and folders that are deleted and created again, and picks up a folder that does not exist
 * yet (a project without specs/) once it appears.
 */
import { relative } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/** Editors' swap, lock and backup files (vim's `.x.swp` and `x~`, emacs's `.#x` and `#x#`). */
const EDITOR_LEFTOVERS = /(^|[/\\])(\.#|#)[^/\\]*$|~$|\.sw[a-p]$/;

export interface WatchInputsOptions {
  /** Quiet time after the last event before `onChange` runs: one save fires several events. */
  debounceMs?: number;
  /** Paths in the callback are relative to this folder. */
  root: string;
}

export interface InputsWatcher {
  /** Resolves once the initial scan is done: changes after this are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` with the sorted, de-duplicated paths (relative to `root`) that changed since
 * the previous call. Calls never overlap: a burst during a slow `onChange` is delivered after it.
 */
export function watchInputs(dirs: string[], onChange: (changed: string[]) => void | Promise<void>, options: WatchInputsOptions): InputsWatcher {
  const debounceMs = options.debounceMs ?? 50;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const flush = async () => {
    timer = undefined;
    if (running) return; // the running call re-flushes when it ends
    const changed = [...pending].sort();
    pending.clear();
    running = (async () => {
      try {
        await onChange(changed);
      } finally {
        running = null;
        if (pending.size && !timer) timer = setTimeout(flush, debounceMs);
      }
    })();
    await running;
  };

  const schedule = (path: string) => {
    pending.add(relative(options.root, path).split('\\').join('/'));
    clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  const watcher: FSWatcher = watch(dirs, { ignoreInitial: true, atomic: true, ignored: (path) => EDITOR_LEFTOVERS.test(path) });
  watcher.on('all', (_event, path) => schedule(path));
  // chokidar drops a second 'change' of a path within 50 ms of the first, with no trailing event:
  // a save right after a quick run (a fix typed just after a broken save) would go unheard. Its
  // raw events, from the same re-armed fs watchers, are not throttled; they only schedule a run.
  watcher.on('raw', (_event, path, details) => {
    if (!EDITOR_LEFTOVERS.test(path)) schedule((details as { watchedPath?: string } | undefined)?.watchedPath ?? path);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
