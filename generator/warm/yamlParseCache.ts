/**
 * @module
 * A parse of the definitions files kept on disk between one-shot runs
 * (`node_modules/.cache/netbox-generator/yaml.json`). Parsing ~200 KB of YAML into documents with
 * node positions was the largest part of `npm run generate` after a one-field change; the file
 * that changed is parsed, the others' values come back from the cache as JSON.
 *
 * A cached file's source parses its YAML document only if a diagnostic asks for a position. An
 * entry's key is the file's label and text, the yaml package's version and the text of
 * yamlSource.ts, so an upgrade or an edit of the parser misses the cache instead of serving an
 * old parse. Only parses without errors whose value survives a JSON round trip exactly are
 * kept (YAML's `.nan` or `.inf` would not). A run without a node_modules/ folder (a --root
 * scratch project) or an unreadable cache simply parses everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { generatorCache } from '../cacheFolder.ts';
import { parseYamlSource, type YamlSource } from '../load/yamlSource.ts';

/** Entries kept at most: a few projects' worth (tests and scratch copies share the repository's). */
const MAX_ENTRIES = 2000;

type Entries = Record<string, string>;

let parserVersion: string | undefined;

/** What a parse depends on besides the text: the yaml package and yamlSource.ts itself. */
function parserFingerprint(): string {
  if (parserVersion) return parserVersion;
  const require = createRequire(import.meta.url);
  const yamlVersion = (JSON.parse(readFileSync(require.resolve('yaml/package.json'), 'utf8')) as { version: string }).version;
  const sourceFile = join(dirname(fileURLToPath(import.meta.url)), '../load/yamlSource.ts');
  parserVersion = `${yamlVersion}\0${readFileSync(sourceFile, 'utf8')}`;
  return parserVersion;
}

/** A source whose value came from the cache; anything else is served by a parse made on demand. */
function cachedSource(file: string, text: string, value: unknown): YamlSource {
  let parsed: YamlSource | undefined;
  const real = () => (parsed ??= parseYamlSource(file, text).source);
  return new Proxy({ file, value } as YamlSource, {
    get: (target, key) => (key === 'file' || key === 'value' ? target[key] : Reflect.get(real(), key)),
  });
}

export interface YamlParseCache {
  parse: typeof parseYamlSource;
  /** Writes the cache back if this run parsed anything new. */
  save(): void;
}

export function yamlParseCache(cacheFile: string): YamlParseCache {
  let entries: Entries = {};
  try {
    if (existsSync(cacheFile)) entries = JSON.parse(readFileSync(cacheFile, 'utf8')) as Entries;
  } catch {
    entries = {};
  }
  const used: Entries = {};
  let added = false;
  const keyOf = (file: string, text: string) => createHash('sha256').update(parserFingerprint()).update('\0').update(file).update('\0').update(text).digest('base64url');
  return {
    parse: (file, text) => {
      const key = keyOf(file, text);
      const cached = entries[key];
      if (cached !== undefined) {
        used[key] = cached;
        return { source: cachedSource(file, text, JSON.parse(cached)), errors: [] };
      }
      const result = parseYamlSource(file, text);
      if (!result.errors.length) {
        const json = JSON.stringify(result.source.value);
        if (json !== undefined && isDeepStrictEqual(JSON.parse(json), result.source.value)) {
          used[key] = json;
          added = true;
        }
      }
      return result;
    },
    save: () => {
      if (!added) return;
      // This run's entries first, then older ones up to the cap.
      const kept: Entries = { ...used };
      let count = Object.keys(kept).length;
      for (const [key, value] of Object.entries(entries)) {
        if (count >= MAX_ENTRIES) break;
        if (kept[key] === undefined) {
          kept[key] = value;
          count++;
        }
      }
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify(kept));
        renameSync(temporary, cacheFile);
      } catch {
        // A cache that cannot be written only costs the next run its speed.
      }
    },
  };
}

/** The cache of a project, or null when it has no node_modules/ to keep one in. */
export function projectYamlParseCache(root: string): YamlParseCache | null {
  const file = generatorCache(root, 'yaml.json');
  return file ? yamlParseCache(file) : null;
}
