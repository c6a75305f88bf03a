/**
 * @module
 * The files of a local source, as NetBox's DataSource._walk() and DataFile.refresh_from_disk()
 * find them: every file below the root but those the ignore rules leave out, and those in a
 * directory whose path below the root starts with `.` (`.git/`), each with its size, its SHA-256
 * and its text. A file that is not UTF-8 (or holds U+0000, which a text column cannot keep) has no
 * text, as NetBox's `data_as_string` is None for it; its size and hash are still the bytes'.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface SourceFile {
  /** Relative to the root, with `/` separators. */
  path: string;
  size: number;
  /** SHA-256 of the bytes, lower-case hex. */
  hash: string;
  text: string | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of `bytes`, or null when they are not UTF-8 or hold a NUL. */
export function textOf(bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** The relative paths of the files below `root` that `ignored` does not leave out. */
export async function listFiles(root: string, ignored: (path: string) => boolean): Promise<string[]> {
  const paths: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    // os.walk's directory path below the root: a hidden top-level directory is skipped, with all below it.
    if (relative.startsWith('.')) return;
    const entries = await readdir(relative ? join(root, relative) : root, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(path);
      else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(join(root, path)).catch(() => null))?.isFile())) {
        if (!ignored(path)) paths.push(path);
      }
    }
  };
  await visit('');
  return paths;
}

/** A file's size, hash and text from its bytes. */
export function sourceFile(path: string, bytes: Uint8Array): SourceFile {
  return { path, size: bytes.length, hash: createHash('sha256').update(bytes).digest('hex'), text: textOf(bytes) };
}

/** Reads the files at `paths` below `root` (a few at a time). */
export async function readFiles(root: string, paths: string[]): Promise<SourceFile[]> {
  const out: SourceFile[] = new Array(paths.length);
  const CONCURRENCY = 16;
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      const bytes = await readFile(join(root, paths[i]));
      out[i] = sourceFile(paths[i], bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, paths.length) }, worker));
  return out;
}
