/**
 * @module
 * What every emitter returns: files keyed by their path under `generated/`. Emitters are pure
 * functions of the IR; only the write stage touches the file system.
 */

export interface GeneratedFile {
  /** Path relative to `generated/`, with forward slashes. */
  path: string;
  contents: string;
}
