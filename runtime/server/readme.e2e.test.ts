/**
 * The README's claims about what is served are checked against the server: every resource its
 * table lists answers, every "with …" operation is routed, a "read-only" one takes no writes, the
 * count it gives is the registry's, and the other paths it names answer.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../contract/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const routes = JSON.parse(readFileSync(new URL('../../generated/inventory/routes.json', import.meta.url), 'utf8')) as RouteEntry[];

interface Claim {
  app: string;
  path: string;
  operations: string[];
  readOnly: boolean;
}

/** Splits on commas outside parentheses. */
function entries(cell: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of cell) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  return [...out, current.trim()].filter(Boolean);
}

/** The resource table under "The inventory serves": `| app | name (with op, op; note), … |`. */
function claims(): Claim[] {
  const lines = readme.slice(readme.indexOf('| app | resources |')).split('\n');
  const rows = lines.slice(2, lines.findIndex((line) => !line.startsWith('|')));
  return rows.flatMap((row) => {
    const [app, cell] = row.split('|').slice(1, 3).map((s) => s.trim());
    return entries(cell).map((entry) => {
      const [, path, note = ''] = /^([a-z0-9-]+)(?: \((.*)\))?$/.exec(entry) ?? [];
      if (!path) throw new Error(`README: cannot read the table entry "${entry}" (app ${app})`);
      const withPart = /\bwith ([^;]+)/.exec(note)?.[1] ?? '';
      const operations = withPart.split(/,| and /).map((s) => s.trim()).filter(Boolean);
      return { app, path, operations, readOnly: /\bread-only\b/.test(note) };
    });
  });
}

const listed = claims();

describe('the README', () => {
  it('gives the number of resources its table lists, which is the number served', () => {
    const count = Number(/serves (\d+) of NetBox's resources/.exec(readme)?.[1]);
    const served = new Set(routes.filter((r) => r.operation === 'list').map((r) => r.resource));
    expect(listed.length).toBe(count);
    expect(served.size).toBe(count);
  });

  it('names operations that are routed, and read-only resources that take no writes', () => {
    for (const claim of listed) {
      const base = `/api/${claim.app}/${claim.path}/`;
      const mine = routes.filter((r) => r.path.startsWith(base));
      expect(mine.some((r) => r.path === base && r.method === 'GET'), `${base} is listed`).toBe(true);
      for (const operation of claim.operations) {
        expect(mine.some((r) => r.path === `${base}${operation}/` || r.path === `${base}:id/${operation}/`), `${base} … ${operation}/ is routed`).toBe(true);
      }
      if (claim.readOnly) expect(mine.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), `${base} is read-only`).toEqual([]);
    }
  });
});

describe.each(testDatabases())('the README against the server on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  it('lists resources that answer, and other paths that answer', async () => {
    for (const claim of listed) {
      const answer = await api.request('GET', `/api/${claim.app}/${claim.path}/?limit=1`);
      expect(answer.status, `/api/${claim.app}/${claim.path}/`).toBe(200);
    }
    const others = /^plus (.*?)\. Two real clients/ms.exec(readme.slice(readme.indexOf('plus `/api/`')))?.[1] ?? '';
    const paths = [...others.matchAll(/`(\/api\/[^`]*)`/g)].map((m) => m[1].replace('<app>', 'dcim'));
    expect(paths.length).toBeGreaterThan(4);
    for (const path of paths) expect((await api.request('GET', path)).status, path).toBe(200);
  }, 60_000);
});
