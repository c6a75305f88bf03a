/**
 * @module
 * The spec parse cache of one-shot runs: a later run gets an unchanged document from disk, without
 * a worker; changed bytes miss; a document with a problem is never kept.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../testdata/definitionSet.ts';
import { cachedSpecParse } from './specParseCache.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function scratch(): { cache: string; spec: string } {
  const dir = mkdtempSync(join(tmpdir(), 'spec-cache-'));
  dirs.push(dir);
  const spec = join(dir, 'demo-openapi.yaml');
  copyFileSync(join(repositoryRoot, 'specs/demo/demo-openapi.yaml'), spec);
  return { cache: join(dir, 'cache'), spec };
}

describe('cachedSpecParse', { timeout: 60_000 }, () => {
  it('serves a document validated by an earlier run from disk, and parses changed bytes again', () => {
    const { cache, spec } = scratch();
    const [first] = cachedSpecParse(cache)([spec]).finish();
    expect(first.problem).toBeUndefined();
    const [entry] = readdirSync(cache);
    expect(JSON.parse(readFileSync(join(cache, entry), 'utf8'))).toEqual(first.api);
    // Mark the stored document, to see that the next run takes it from the cache.
    writeFileSync(join(cache, entry), JSON.stringify({ ...first.api, info: { title: 'from the cache', version: '0' } }));
    const [second] = cachedSpecParse(cache)([spec]).finish();
    expect(second.api?.info.title).toBe('from the cache');
    expect(second.sha256).toBe(first.sha256);

    writeFileSync(spec, `${readFileSync(spec, 'utf8')}\n# an edit\n`);
    const [third] = cachedSpecParse(cache)([spec]).finish();
    expect(third.api?.info.title).toBe(first.api?.info.title);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('keeps no document with a problem', () => {
    const { cache, spec } = scratch();
    writeFileSync(spec, 'openapi: 3.0.0\ninfo: { title: broken }\npaths: {}\n');
    const [parsed] = cachedSpecParse(cache)([spec]).finish();
    expect(parsed.problem?.message).toBeTruthy();
    expect(() => readdirSync(cache)).toThrow();
  });
});
