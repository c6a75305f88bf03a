/**
 * @module
 * swagger-parser's parse and validation of spec documents, kept on disk between one-shot runs
 * (`node_modules/.cache/netbox-generator/specs/`). Each run otherwise starts a worker that loads
 * swagger-parser and validates every document: most of a second of CPU on a 2-core machine where
 * the main thread and tsx's loader are busy too, and a wait on the main thread once the
 * definitions come from the YAML cache. A document that parsed and validated without a problem
 * is kept under a key of its path and bytes, swagger-parser's version and parseSpecFiles.ts's
 * text (which holds the worker's calls); when every document of a run is kept, no worker starts.
 * Documents with problems are never kept, so their diagnostics always come from a fresh parse.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPI } from 'openapi-types';
import { sha256File, startSpecParse, type ParsedSpecFile, type PendingSpecParse } from '../load/specs/parseSpecFiles.ts';

let parserVersion: string | undefined;

function parserFingerprint(): string {
  if (parserVersion) return parserVersion;
  const require = createRequire(import.meta.url);
  const version = (JSON.parse(readFileSync(require.resolve('@apidevtools/swagger-parser/package.json'), 'utf8')) as { version: string }).version;
  const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../load/specs/parseSpecFiles.ts'), 'utf8');
  parserVersion = createHash('sha256').update(version).update('\0').update(source).digest('hex');
  return parserVersion;
}

/** A `startSpecParse` that serves documents parsed and validated by an earlier run. */
export function cachedSpecParse(cacheDir: string): (files: string[]) => PendingSpecParse {
  return (files) => {
    const keyed = files.map((file) => {
      const sha256 = sha256File(file);
      const key = createHash('sha256').update(parserFingerprint()).update('\0').update(file).update('\0').update(sha256).digest('base64url');
      return { file, sha256, path: join(cacheDir, `${key}.json`) };
    });
    const kept = keyed.map(({ file, sha256, path }): ParsedSpecFile | null => {
      try {
        return existsSync(path) ? { file, sha256, api: JSON.parse(readFileSync(path, 'utf8')) as OpenAPI.Document } : null;
      } catch {
        return null;
      }
    });
    if (kept.every((k) => k !== null)) return { parsed: () => kept as ParsedSpecFile[], finish: () => kept as ParsedSpecFile[] };
    const pending = startSpecParse(files);
    return {
      parsed: () => pending.parsed(),
      finish: () => {
        const verdicts = pending.finish();
        verdicts.forEach((parsed, i) => {
          if (!parsed.api || parsed.problem || parsed.sha256 !== keyed[i].sha256) return;
          try {
            mkdirSync(cacheDir, { recursive: true });
            const temporary = `${keyed[i].path}.${process.pid}.tmp`;
            writeFileSync(temporary, JSON.stringify(parsed.api));
            renameSync(temporary, keyed[i].path);
          } catch {
            // A cache that cannot be written only costs the next run its speed.
          }
        });
        return verdicts;
      },
    };
  };
}
