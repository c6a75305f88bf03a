/**
 * @module
 * SQL statements that take a database from one snapshot to another, computed by drizzle-kit's
 * `generateMigration`.
 *
 * Two quirks of drizzle-kit shape this file:
 * - `generateMigration` is async while emitters are synchronous, so it runs in a short-lived child
 *   Node process (`execFileSync`). That only happens when the schema changed.
 * - When one diff both creates and drops tables (or columns of one table), drizzle-kit asks on the
 *   terminal whether it is a rename. A generator must never prompt, so such a diff is split in two
 *   steps, drops first, then creations: with no candidate pair left there is nothing to ask.
 *   Renames therefore come out as drop + add; write a hand-made migration to keep data.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { withFixedIds, type Snapshot } from './snapshot.ts';

type Json = Record<string, unknown>;

interface SnapshotTable extends Json {
  columns: Record<string, Json>;
  indexes?: Record<string, Json>;
  foreignKeys?: Record<string, Json>;
  compositePrimaryKeys?: Record<string, Json>;
  uniqueConstraints?: Record<string, Json>;
  checkConstraints?: Record<string, Json>;
}

function tablesOf(snapshot: Snapshot): Record<string, SnapshotTable> {
  return (snapshot.tables ?? {}) as Record<string, SnapshotTable>;
}

const CHILD_SCRIPT = `
const toStderr = (...args) => process.stderr.write(args.map(String).join(' ') + '\\n');
console.log = console.info = console.warn = toStderr;
const { generateMigration } = await import(process.env.DRIZZLE_KIT_API);
// Read stdin as a stream: readFileSync(0) fails with EAGAIN on a large piped input.
let input = '';
for await (const chunk of process.stdin) input += chunk;
const steps = JSON.parse(input);
const out = [];
for (const [prev, cur] of steps) out.push(await generateMigration(prev, cur));
process.stdout.write(JSON.stringify(out));
`;

function runDrizzleKit(steps: [Snapshot, Snapshot][]): string[][] {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('drizzle-kit/api')).href;
  try {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', CHILD_SCRIPT], {
      input: JSON.stringify(steps.map(([a, b]) => [withFixedIds(a), withFixedIds(b)])),
      env: { ...process.env, DRIZZLE_KIT_API: api, NODE_OPTIONS: '' },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 120_000,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return JSON.parse(out) as string[][];
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`drizzle-kit could not compute the migration${stderr ? `:\n${stderr}` : `: ${(error as Error).message}`}`);
  }
}

/** Names present in `b` but not in `a`. */
const missingFrom = (a: object, b: object) => Object.keys(b).filter((k) => !(k in a));

/** Whether a constraint or index (as snapshot JSON) mentions any of the given column names. */
function mentions(entry: Json, columns: Set<string>): boolean {
  if (!columns.size) return false;
  const text = JSON.stringify(entry);
  return [...columns].some((c) => text.includes(`"${c}"`) || text.includes(`\\"${c}\\"`));
}

/**
 * `cur` minus everything it creates relative to `prev`: new tables, new columns, and the indexes
 * and constraints that touch them. Diffing prev → this only drops and alters; this → cur only adds.
 */
function withoutCreations(prev: Snapshot, cur: Snapshot): Snapshot {
  const prevTables = tablesOf(prev);
  const kept: Record<string, SnapshotTable> = {};
  const createdTables = new Set(missingFrom(prevTables, tablesOf(cur)).map((key) => tablesOf(cur)[key].name as string));
  for (const [key, table] of Object.entries(tablesOf(cur))) {
    const before = prevTables[key];
    if (!before) continue;
    const newColumns = new Set(missingFrom(before.columns, table.columns));
    const keep = (entries: Record<string, Json> | undefined, isForeignKey = false) =>
      Object.fromEntries(
        Object.entries(entries ?? {}).filter(([, entry]) => !mentions(entry, newColumns) && !(isForeignKey && createdTables.has(entry.tableTo as string))),
      );
    kept[key] = {
      ...table,
      columns: Object.fromEntries(Object.entries(table.columns).filter(([name]) => !newColumns.has(name))),
      indexes: keep(table.indexes),
      foreignKeys: keep(table.foreignKeys, true),
      compositePrimaryKeys: keep(table.compositePrimaryKeys),
      uniqueConstraints: keep(table.uniqueConstraints),
      checkConstraints: keep(table.checkConstraints),
    };
  }
  return { ...cur, tables: kept };
}

/** Whether drizzle-kit would see a possible rename (and prompt) in prev → cur. */
function hasRenameCandidates(prev: Snapshot, cur: Snapshot): boolean {
  const a = tablesOf(prev);
  const b = tablesOf(cur);
  if (missingFrom(a, b).length && missingFrom(b, a).length) return true;
  return Object.keys(b).some((key) => a[key] && missingFrom(a[key].columns, b[key].columns).length > 0 && missingFrom(b[key].columns, a[key].columns).length > 0);
}

/** SQL statements (without trailing breakpoints) from `prev` to `cur`. Synchronous. */
export function diffSnapshots(prev: Snapshot, cur: Snapshot): string[] {
  const steps: [Snapshot, Snapshot][] = hasRenameCandidates(prev, cur) ? [[prev, withoutCreations(prev, cur)], [withoutCreations(prev, cur), cur]] : [[prev, cur]];
  return runDrizzleKit(steps)
    .flat()
    .map((s) => s.trim())
    .filter(Boolean);
}
