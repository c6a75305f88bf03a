/**
 * @module
 * The parse cache of one-shot runs serves a file's value from disk only for the same text, gives
 * diagnostics the same positions as a fresh parse, and keeps nothing it could not give back
 * exactly (parse errors, values JSON cannot hold).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseYamlSource } from '../load/yamlSource.ts';
import { yamlParseCache } from './yamlParseCache.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function cacheFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'yaml-cache-'));
  dirs.push(dir);
  return join(dir, 'nested', 'yaml.json');
}

const TEXT = 'app: shop\nresources:\n  shelves:\n    model: Shelf\n';

describe('yamlParseCache', () => {
  it('serves an unchanged file from disk in a later run, and parses a changed one', () => {
    const file = cacheFile();
    const first = yamlParseCache(file);
    expect(first.parse('definitions/shop.yaml', TEXT).source.value).toEqual({ app: 'shop', resources: { shelves: { model: 'Shelf' } } });
    first.save();
    // Mark the stored value, to see that the next run really takes it from the cache.
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(stored)).toHaveLength(1);
    writeFileSync(file, JSON.stringify(Object.fromEntries(Object.keys(stored).map((k) => [k, '{"from":"cache"}']))));
    const second = yamlParseCache(file);
    expect(second.parse('definitions/shop.yaml', TEXT).source.value).toEqual({ from: 'cache' });
    expect(second.parse('definitions/shop.yaml', `${TEXT}    verbose_name: shelf\n`).source.value).toMatchObject({ app: 'shop' });
    expect(second.parse('definitions/other.yaml', TEXT).source.value).toMatchObject({ app: 'shop' });
  });

  it('gives a cached source the positions of a fresh parse', () => {
    const file = cacheFile();
    const first = yamlParseCache(file);
    first.parse('definitions/shop.yaml', TEXT);
    first.save();
    const { source } = yamlParseCache(file).parse('definitions/shop.yaml', TEXT);
    const fresh = parseYamlSource('definitions/shop.yaml', TEXT).source;
    expect(source.file).toBe('definitions/shop.yaml');
    expect(source.diagnostic(['resources', 'shelves', 'model'], 'E_INVALID_VALUE', 'x')).toEqual(fresh.diagnostic(['resources', 'shelves', 'model'], 'E_INVALID_VALUE', 'x'));
    expect(source.locateKey(['resources', 'shelves'])).toEqual({ line: 3, col: 3 });
  });

  it('keeps neither a file with errors nor a value JSON cannot hold', () => {
    const file = cacheFile();
    const cache = yamlParseCache(file);
    expect(cache.parse('definitions/bad.yaml', 'app: [shop\n').errors.length).toBeGreaterThan(0);
    expect(cache.parse('definitions/nan.yaml', 'value: .nan\n').source.value).toEqual({ value: Number.NaN });
    cache.save();
    expect(() => readFileSync(file)).toThrow();
    const again = yamlParseCache(file);
    expect(again.parse('definitions/bad.yaml', 'app: [shop\n').errors[0]).toMatchObject({ file: 'definitions/bad.yaml', code: 'E_YAML' });
  });
});
