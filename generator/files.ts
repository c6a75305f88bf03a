/**
 * @module
 * A file under `generated/`: what emitters return, what the write stage writes and what the
 * migration history is read back as. Its own module because every stage uses it.
 */
export interface GeneratedFile {
  /** Path relative to `generated/`, with forward slashes. */
  path: string;
  contents: string;
}
