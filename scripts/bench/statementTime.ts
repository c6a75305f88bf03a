/**
 * @module
 * PostgreSQL's own time for statements a request ran: each is prepared on a connection of its own
 * and run with EXPLAIN (ANALYZE, TIMING OFF), in the plan mode the server's pool gives it, with the
 * values it ran with. TIMING OFF because per-node clocks would add their own cost to statements
 * with many nodes and subplans; the total is what is wanted. pg_stat_statements would see the real
 * runs, but it must be preloaded at server start, and this PostgreSQL 15 does not preload it.
 *
 * What EXPLAIN ANALYZE leaves out is small for these statements and is counted as the caller's:
 * parsing and binding the message, and turning result values into text for the socket (the
 * statements return json, whose text is already there; EXPLAIN's SERIALIZE option is PostgreSQL 17's).
 */
import postgres from 'postgres';
import { sqlString } from '../../runtime/kinds/index.ts';
import { median } from './timing.ts';

/** How the server plans a statement: its main pool forces generic plans, `planEachTime` custom ones. */
export type PlanMode = 'force_generic_plan' | 'force_custom_plan' | 'auto';

export interface TimedStatement {
  text: string;
  params: readonly unknown[];
  planMode: PlanMode;
}

export interface StatementTime {
  /** Median planning time (ms): real work under custom plans, a cached plan's check under generic ones. */
  planningMs: number;
  /** Median execution time (ms). */
  executionMs: number;
}

/** A parameter as an SQL literal of unknown type, which EXECUTE coerces to the parameter's type as the driver's text would be. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return sqlString(parameterText(value));
}

/** The text a parameter travels as (runtime/db/values.ts: arrays as array literals, objects as JSON). */
function parameterText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return parameterText(value);
  return `"${parameterText(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * Median planning and execution times of each statement over `runs` runs, after `warmUp` runs
 * (five settle `auto` on its choice, as they would on a server's connection). The statements take
 * turns run by run, so that a machine busier for a while slows them all alike.
 */
export async function explainStatements(url: string, statements: readonly TimedStatement[], runs = 25, warmUp = 6): Promise<StatementTime[]> {
  // Timestamps as the server's connections see them (runtime/db/postgres.ts).
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: 'UTC', application_name: 'netbox-codegen-bench' } });
  try {
    for (const [i, statement] of statements.entries()) await sql.unsafe(`PREPARE bench_${i} AS ${statement.text}`);
    const planning = statements.map(() => [] as number[]);
    const execution = statements.map(() => [] as number[]);
    for (let run = 0; run < warmUp + runs; run++) {
      for (const [i, statement] of statements.entries()) {
        const args = statement.params.length ? `(${statement.params.map(sqlLiteral).join(', ')})` : '';
        // The plan mode is read when the statement runs; EXPLAIN ANALYZE runs it, and what it would write is rolled back.
        await sql.unsafe('BEGIN');
        await sql.unsafe(`SET LOCAL plan_cache_mode = ${statement.planMode}`);
        const [row] = await sql.unsafe(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, FORMAT JSON) EXECUTE bench_${i}${args}`);
        await sql.unsafe('ROLLBACK');
        if (run < warmUp) continue;
        const plan = (row as Record<string, [{ 'Planning Time': number; 'Execution Time': number }]>)['QUERY PLAN'][0];
        planning[i].push(plan['Planning Time']);
        execution[i].push(plan['Execution Time']);
      }
    }
    return statements.map((_, i) => ({ planningMs: median(planning[i]), executionMs: median(execution[i]) }));
  } finally {
    await sql.end();
  }
}
