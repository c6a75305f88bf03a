/**
 * Writing migrations over the real definitions: a deterministic first migration, none while the
 * definitions stand still, a numbered ALTER when they change, renames that never prompt, folding
 * of what the base does not have, and a chain whose replay is the definitions' schema.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldEntry } from '../../../runtime/contract/index.ts';
import { expandField } from '../../../runtime/kinds/index.ts';
import { DiagnosticsError } from '../../diagnostics.ts';
import type { FieldIR, InventoryIR } from '../../ir/types.ts';
import { HISTORY_FILE, SNAPSHOT_FILE } from '../../load/readPreviousMigrations.ts';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { loadTemplates } from '../../templates.ts';
import type { GeneratedFile } from '../types.ts';
import { compareSchemas } from './compareSchemas.ts';
import { emitMigrations, STATEMENT_BREAKPOINT } from './emitMigrations.ts';
import { parseLock } from './historyLock.ts';
import { emptyModel, replaySql } from './replay.ts';
import { historyFilesOf, verifyHistory } from './verifyHistory.ts';
import { migrationSlug, writeMigration, type MigrationRequest } from './writeMigration.ts';

const paths = projectPaths(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'));
const ir = buildProjectIR(paths).inventory;
const templates = loadTemplates(paths.templates);
const header = (name: string) => templates['sql-header']({ name });

/** The next history after `files` (null base: no git, everything committed). */
function next(definitions: InventoryIR, files: GeneratedFile[], base: GeneratedFile[] | null = null, request: MigrationRequest = {}) {
  return writeMigration(definitions, historyFilesOf(files), base, request, header);
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

describe('writeMigration', () => {
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
    first = next(ir, []).files;
    added = next(withAssetTag, first).files;
    replaced = next(withReplacements, added, null, { name: 'Facility code!' }).files;
  });

  it('starts the history with 0001, a snapshot without random ids and a lock of checksums', () => {
    expect(first.map((f) => f.path)).toEqual([expect.stringMatching(/^inventory\/migrations\/0001_[0-9a-f]{8}\.sql$/), SNAPSHOT_FILE, HISTORY_FILE]);
    const [migration] = sqlFiles(first);
    expect(migration.contents.startsWith(header(/(\d{4}_[0-9a-f]{8})\.sql$/.exec(migration.path)![1]))).toBe(true);
    expect(migration.contents).toContain('CREATE TABLE "dcim_site" (');
    expect(migration.contents).toContain(`;\n${STATEMENT_BREAKPOINT}\n`);
    const snapshot = JSON.parse(first[1].contents);
    expect(snapshot).not.toHaveProperty('id');
    expect(Object.keys(snapshot.tables)).toContain('public.dcim_site');
    expect(parseLock(first[2]).migrations).toEqual([{ file: migration.path.split('/').at(-1), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), line: 5 }]);
    expect(verifyHistory(historyFilesOf(first)).diagnostics).toEqual([]);
  });

  it('is byte-identical across runs, and writes nothing while the definitions stand still', () => {
    expect(next(ir, []).files).toEqual(first);
    expect(next(ir, first)).toEqual({ files: first, written: null, folded: [] });
    expect(next(withAssetTag, added).written).toBeNull();
  });

  it('adds a numbered migration with the ALTER for a new field and keeps the old ones', () => {
    const files = sqlFiles(added);
    expect(files.map((f) => f.path)).toEqual([sqlFiles(first)[0].path, expect.stringMatching(/\/0002_[0-9a-f]{8}\.sql$/)]);
    expect(files[0].contents).toBe(sqlFiles(first)[0].contents);
    expect(files[1].contents).toContain('ALTER TABLE "dcim_site" ADD COLUMN "asset_tag" varchar(50);');
  });

  it('names the migration after the request, and turns renames into drop + create without prompting', () => {
    const latest = sqlFiles(replaced).at(-1)!;
    expect(latest.path).toBe('inventory/migrations/0003_facility_code.sql');
    expect(latest.contents).toContain('ALTER TABLE "dcim_site" DROP COLUMN "facility";');
    expect(latest.contents).toContain('ALTER TABLE "dcim_site" ADD COLUMN "facility_code" varchar(20) NOT NULL;');
    expect(latest.contents).toContain('DROP TABLE "dcim_site_asns"');
    expect(latest.contents).toContain('CREATE TABLE "dcim_site_asn_links"');
    expect(migrationSlug('  Add: asset-tag ')).toBe('add_asset_tag');
  });

  it('produces a chain whose replay is the schema the definitions describe', () => {
    const replayed = emptyModel();
    for (const file of sqlFiles(replaced)) replaySql(replayed, file.contents);
    const schema = emitMigrations(withReplacements, { templates, previousMigrations: { migrations: [], snapshot: null } }).at(-1)!;
    expect(compareSchemas(replayed, replaySql(emptyModel(), schema.contents))).toEqual([]);
    const before = emptyModel();
    for (const file of sqlFiles(added)) replaySql(before, file.contents);
    expect(compareSchemas(before, replaySql(emptyModel(), schema.contents))).toContain('column dcim_site.facility is in the history but not in the definitions');
  });

  it('folds the migrations the base does not have: one migration for several tries, none after a revert', () => {
    // Committed: `first`. Uncommitted: 0002 (asset_tag), then a try at 0003 on top of it.
    const tried = next(withReplacements, added).files;
    const folded = next(withReplacements, tried, first);
    expect(folded.folded).toEqual([expect.stringMatching(/^0002_/), expect.stringMatching(/^0003_/)]);
    expect(sqlFiles(folded.files).map((f) => f.path)).toEqual([sqlFiles(first)[0].path, expect.stringMatching(/\/0002_[0-9a-f]{8}\.sql$/)]);
    expect(sqlFiles(folded.files)[1].contents).toContain('ADD COLUMN "facility_code"');
    expect(sqlFiles(folded.files)[1].contents).toContain('ADD COLUMN "asset_tag"');
    const reverted = next(ir, tried, first);
    expect(reverted.written).toBeNull();
    expect(reverted.files).toEqual(first);
  });

  it('refuses to write over a committed migration that was edited', () => {
    const edited = first.map((f) => (f.path.endsWith('.sql') ? { ...f, contents: `${f.contents}-- edited\n` } : f));
    expect(() => next(withAssetTag, edited, first)).toThrow(DiagnosticsError);
    expect(() => next(withAssetTag, edited, first)).toThrow(/^generated\/inventory\/migrations\/0001_[0-9a-f]{8}\.sql:1:1 E_MIGRATION_HISTORY 0001_[0-9a-f]{8}\.sql is committed but was edited/);
  });

  it('never folds away an uncommitted migration written by hand, and records one once committed', () => {
    const handMade = { path: 'inventory/migrations/0002_fix_names.sql', contents: "UPDATE dcim_site SET name = trim(name);\n" };
    expect(() => next(ir, [...first, handMade], first)).toThrow(
      /^generated\/inventory\/migrations\/0002_fix_names\.sql:1:1 E_MIGRATION_HISTORY 0002_fix_names\.sql is not committed and was not written by the generator, so it is not folded away; commit it first/,
    );
    const recorded = next(ir, [...first, handMade], [...first, handMade]);
    expect(recorded.written).toBeNull();
    expect(parseLock(recorded.files.find((f) => f.path === HISTORY_FILE)!).migrations.map((e) => e.file)).toEqual([expect.stringMatching(/^0001_/), '0002_fix_names.sql']);
  });
});

describe('emitMigrations', () => {
  const schemaOf = (files: GeneratedFile[]) => files.find((f) => f.path === 'inventory/schema.sql')!;

  it('carries the history over unchanged and derives schema.sql, trusting its recorded fingerprint', () => {
    const history = { migrations: [{ path: 'inventory/migrations/0001_x.sql', contents: 'anything' }], snapshot: null, records: [{ path: HISTORY_FILE, contents: '{}' }] };
    const files = emitMigrations(ir, { templates, previousMigrations: history });
    expect(files.map((f) => f.path)).toEqual(['inventory/migrations/0001_x.sql', HISTORY_FILE, 'inventory/schema.sql']);
    expect(files[0].contents).toBe('anything');
    expect(schemaOf(files).contents).toMatch(/^-- specs: [0-9a-f]{64}\n-- snapshot: [0-9a-f]{64}$/m);
    // A recorded schema.sql that is not what drizzle-kit computes: echoed only if the short-cut is taken.
    const marked = `${schemaOf(files).contents}-- marker\n`;
    expect(schemaOf(emitMigrations(ir, { templates, previousMigrations: { ...history, schema: marked } })).contents).toBe(marked);
    expect(schemaOf(emitMigrations(ir, { templates, previousMigrations: { ...history, schema: marked.replace(/specs: [0-9a-f]/, 'specs: x') } })).contents).toBe(schemaOf(files).contents);
  });
});
