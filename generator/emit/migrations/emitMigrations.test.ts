/**
 * The migrations emitter over the real definitions: a deterministic first migration, no new file
 * while definitions stand still, a numbered ALTER when they change, renames that never prompt,
 * and the resulting chain applied to an embedded database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldEntry } from '../../../runtime/contract/index.ts';
import { migrate, openPglite } from '../../../runtime/db/index.ts';
import { expandField } from '../../../runtime/kinds/index.ts';
import { DiagnosticsError } from '../../diagnostics.ts';
import type { FieldIR, InventoryIR } from '../../ir/types.ts';
import { FINGERPRINT_FILE, SNAPSHOT_FILE, type MigrationHistory } from '../../load/readPreviousMigrations.ts';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { loadTemplates } from '../../templates.ts';
import type { EmitContext } from '../types.ts';
import type { GeneratedFile } from '../types.ts';
import { emitMigrations, STATEMENT_BREAKPOINT } from './emitMigrations.ts';

const paths = projectPaths(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'));
const ir = buildProjectIR(paths).inventory;
const templates = loadTemplates(paths.templates);
const context = (previousMigrations: MigrationHistory): EmitContext => ({ templates, previousMigrations });
const noHistory: MigrationHistory = { migrations: [], snapshot: null };

/** What readPreviousMigrations would read back after writing `files`. */
function historyOf(files: GeneratedFile[]): MigrationHistory {
  const snapshot = files.find((f) => f.path === SNAPSHOT_FILE);
  const fingerprint = files.find((f) => f.path === FINGERPRINT_FILE);
  return { migrations: files.filter((f) => f.path.endsWith('.sql')), snapshot: snapshot ? JSON.parse(snapshot.contents) : null, fingerprint: fingerprint?.contents.trim() ?? null };
}

const sqlFiles = (files: GeneratedFile[]) => files.filter((f) => f.path.endsWith('.sql'));

/** A string field as the IR holds it: the kind's defaults filled in, as the inventory stage builds it. */
function field(name: string, overrides: Partial<FieldEntry>): FieldIR {
  return expandField({ name, kind: 'string', maxLength: 50, ...overrides });
}

function changed(base: InventoryIR, change: (ir: InventoryIR) => void): InventoryIR {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

const site = (x: InventoryIR) => x.resources.find((r) => r.key === 'dcim.sites')!;

describe('emitMigrations', () => {
  let first: GeneratedFile[];
  let added: GeneratedFile[];
  let replaced: GeneratedFile[];
  const withAssetTag = changed(ir, (x) => site(x).fields.push(field('asset_tag', { nullable: true })));
  const withReplacements = changed(withAssetTag, (x) => {
    const s = site(x);
    s.fields = s.fields.filter((f) => f.name !== 'facility');
    s.fields.push(field('facility_code', { maxLength: 20 }));
    const link = x.linkTables.find((l) => l.name === 'dcim_site_asns')!;
    link.name = 'dcim_site_asn_links';
  });

  beforeAll(() => {
    first = emitMigrations(ir, context(noHistory));
    added = emitMigrations(withAssetTag, context(historyOf(first)));
    replaced = emitMigrations(withReplacements, context(historyOf(added)));
  });

  it('starts the history with 0001 and a snapshot without random ids', () => {
    expect(first.map((f) => f.path)).toEqual([expect.stringMatching(/^inventory\/migrations\/0001_[0-9a-f]{8}\.sql$/), SNAPSHOT_FILE, FINGERPRINT_FILE]);
    expect(first[2].contents).toMatch(/^[0-9a-f]{64}\n$/);
    const [migration] = sqlFiles(first);
    expect(migration.contents.startsWith(templates['sql-header']({ name: /(\d{4}_[0-9a-f]{8})\.sql$/.exec(migration.path)![1] }))).toBe(true);
    expect(migration.contents).toContain('CREATE TABLE "dcim_site" (');
    expect(migration.contents).toContain(`;\n${STATEMENT_BREAKPOINT}\n`);
    const snapshot = JSON.parse(first[1].contents);
    expect(snapshot).not.toHaveProperty('id');
    expect(snapshot).not.toHaveProperty('prevId');
    expect(Object.keys(snapshot.tables)).toContain('public.dcim_site');
  });

  it('is byte-identical across runs', () => {
    expect(emitMigrations(ir, context(noHistory))).toEqual(first);
  });

  it('trusts a matching fingerprint without recomputing the snapshot, and recomputes without one', () => {
    const history = historyOf(first);
    // A recorded snapshot that is not what drizzle-kit would compute: echoed only if the short-cut is taken.
    const marked = { ...(history.snapshot as object), marker: true };
    const trusted = emitMigrations(ir, context({ ...history, snapshot: marked }));
    expect(JSON.parse(trusted.find((f) => f.path === SNAPSHOT_FILE)!.contents)).toHaveProperty('marker', true);
    const recomputed = emitMigrations(ir, context({ ...history, fingerprint: null }));
    expect(recomputed).toEqual(first);
  });

  it('emits exactly the history when definitions did not change', () => {
    expect(emitMigrations(ir, context(historyOf(first)))).toEqual(first);
    expect(emitMigrations(withAssetTag, context(historyOf(added)))).toEqual(added);
  });

  it('adds a numbered migration with the ALTER for a new field and keeps the old ones', () => {
    const files = sqlFiles(added);
    expect(files.map((f) => f.path)).toEqual([sqlFiles(first)[0].path, expect.stringMatching(/\/0002_[0-9a-f]{8}\.sql$/)]);
    expect(files[0].contents).toBe(sqlFiles(first)[0].contents);
    expect(files[1].contents).toContain('ALTER TABLE "dcim_site" ADD COLUMN "asset_tag" varchar(50);');
    expect(added.find((f) => f.path === SNAPSHOT_FILE)!.contents).not.toBe(first[1].contents);
  });

  it('turns a renamed column or table into drop + create without prompting', () => {
    const latest = sqlFiles(replaced).at(-1)!;
    expect(latest.path).toMatch(/\/0003_[0-9a-f]{8}\.sql$/);
    expect(latest.contents).toContain('ALTER TABLE "dcim_site" DROP COLUMN "facility";');
    expect(latest.contents).toContain('ALTER TABLE "dcim_site" ADD COLUMN "facility_code" varchar(20) NOT NULL;');
    expect(latest.contents).toContain('DROP TABLE "dcim_site_asns"');
    expect(latest.contents).toContain('CREATE TABLE "dcim_site_asn_links"');
  });

  // Boots an embedded PostgreSQL (PGlite), which alone can take seconds on a busy machine.
  it('produces a chain of migrations PostgreSQL applies in order', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-emitted-'));
    const db = await openPglite('memory://');
    try {
      for (const file of sqlFiles(replaced)) writeFileSync(join(dir, file.path.split('/').at(-1)!), file.contents);
      const result = await migrate(db, dir);
      expect(result.applied).toHaveLength(3);
      const columns = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'dcim_site' ORDER BY column_name`);
      const names = columns.map((c) => c.column_name);
      expect(names).toContain('asset_tag');
      expect(names).toContain('facility_code');
      expect(names).not.toContain('facility');
      const links = await db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'dcim_site_asn_links' ORDER BY 1`);
      expect(links.length).toBeGreaterThan(0);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a history whose snapshot is missing, with a positioned diagnostic', () => {
    const broken = { migrations: historyOf(first).migrations, snapshot: null };
    expect(() => emitMigrations(ir, context(broken))).toThrow(DiagnosticsError);
    expect(() => emitMigrations(ir, context(broken))).toThrow(/generated\/inventory\/migrations\/snapshot\.json:1:1 E_INVALID_VALUE 1 migration\(s\) exist but the snapshot is missing/);
  });
});
