/**
 * @module
 * Statements grouped by what they do and to which table (`INSERT dcim_interface`, `SELECT
 * dcim_device_type`), with how many ran and their time: a bulk write's statements are bounded
 * when each group's count stays the same as the batch grows, and the groups' times show which
 * statements dominate a request.
 */
import type { CapturedStatement } from './capturingDatabase.ts';

export interface StatementGroup {
  /** The verb and the table: `INSERT dcim_interface`, `UPDATE dcim_interface`, `SELECT dcim_device_type`. */
  key: string;
  count: number;
  /** Wall time (ms) from issue to rows back, summed over the group's statements. */
  ms: number;
}

const IDENTIFIER = String.raw`("[^"]+"|[A-Za-z_][A-Za-z0-9_.]*)`;
const unquote = (name: string) => name.replaceAll('"', '');

/**
 * A statement's group key: the table written by INSERT, UPDATE or DELETE (a CTE's write counts:
 * `WITH d AS (DELETE FROM x …)`), else the first table a SELECT reads (`FROM x`, not `FROM (`).
 */
export function statementKey(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const write = new RegExp(String.raw`\b(INSERT INTO|UPDATE|DELETE FROM) ${IDENTIFIER}`, 'i').exec(flat);
  if (write) return `${write[1].split(' ')[0].toUpperCase()} ${unquote(write[2])}`;
  const read = new RegExp(String.raw`\bFROM ${IDENTIFIER}`, 'i').exec(flat);
  const verb = /^\w+/.exec(flat)?.[0].toUpperCase() ?? '?';
  return read ? `${verb === 'WITH' ? 'SELECT' : verb} ${unquote(read[1])}` : verb;
}

/** The statements grouped by `statementKey`, the longest first. */
export function statementGroups(statements: readonly Pick<CapturedStatement, 'text' | 'startedMs' | 'endedMs'>[]): StatementGroup[] {
  const groups = new Map<string, StatementGroup>();
  for (const s of statements) {
    const key = statementKey(s.text);
    const group = groups.get(key) ?? groups.set(key, { key, count: 0, ms: 0 }).get(key)!;
    group.count++;
    group.ms += s.endedMs - s.startedMs;
  }
  return [...groups.values()].sort((a, b) => b.ms - a.ms || a.key.localeCompare(b.key));
}

/** The groups whose count differs between two runs of different sizes (unbounded statements), as `key: a → b`. */
export function growingGroups(small: readonly StatementGroup[], large: readonly StatementGroup[]): string[] {
  const counts = (groups: readonly StatementGroup[]) => new Map(groups.map((g) => [g.key, g.count]));
  const [a, b] = [counts(small), counts(large)];
  return [...new Set([...a.keys(), ...b.keys()])].sort().filter((key) => (a.get(key) ?? 0) !== (b.get(key) ?? 0)).map((key) => `${key}: ${a.get(key) ?? 0} → ${b.get(key) ?? 0}`);
}
