/**
 * @module
 * The PostgreSQL driver (postgres.js): a pool of prepared-statement connections for raw queries,
 * each statement planned once; on first use, a pool for statements planned for their values each
 * time (QueryOptions.planEachTime); and, on first use, a pool for the Drizzle instance. Drizzle has
 * its own because drizzle-orm rewrites its client's type parsers and JSON serializers globally;
 * sharing one client would change what raw queries return and break JSON parameters. drizzle-orm
 * and the generated schema are loaded only when `orm()` is first called: the server never needs
 * them.
 */
import postgres from 'postgres';
import { ChangeCount } from './changeCount.ts';
import { rethrow } from './errors.ts';
import type { Database, Orm, Queryable, QueryOptions } from './types.ts';
import { Oid, parseArrayLiteral, parseInt8, prepareParams, serializeJson, textualTimeOids } from './values.ts';

export interface PostgresOptions {
  /** Connections per pool (default 10). */
  max?: number;
  /** PostgreSQL's statement_timeout for every connection, in milliseconds (0 or unset: none). */
  statementTimeoutMs?: number;
}

/** The URL with its password masked, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable database URL)';
  }
}

/** The parts of postgres.js's (shared, mutable) options its type handling reads. */
interface TypeOptions {
  parsers: Record<string, ((text: string) => unknown) | undefined>;
  shared: { typeArrayMap: Record<string, number> };
}

/**
 * postgres.js's array parser hands an unquoted NULL element to the element parser as the text
 * `NULL`: text[] gets the string "NULL", bool[] false, and a parser that throws (JSON) brings the
 * process down from a socket callback. Once the first connection has registered the array types,
 * replace each array parser with one that reads NULL as null. postgres.js keeps a registered
 * parser, so later connections use these.
 */
function nullSafeArrayParsers(options: TypeOptions): void {
  for (const [oid, typarray] of Object.entries(options.shared.typeArrayMap)) {
    const element = options.parsers[oid];
    // box (1020) is the one type whose array elements are separated by ';'.
    const delimiter = typarray === 1020 ? ';' : ',';
    options.parsers[typarray] = (text: string) => parseArrayLiteral(text, element, delimiter);
  }
}

interface Unsafe {
  unsafe(text: string, params?: never[], options?: { prepare?: boolean }): PromiseLike<unknown[]> & { simple(): PromiseLike<unknown> };
}

function queryable(sql: Unsafe): Queryable & { script(text: string): Promise<void> } {
  return {
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      try {
        // A plain array: postgres.js returns a subclass carrying count/columns.
        return Array.from(await sql.unsafe(text, prepareParams(params) as never[], { prepare: true })) as T[];
      } catch (error) {
        return rethrow(error);
      }
    },
    // The simple protocol takes several statements in one message.
    async script(text: string) {
      try {
        await sql.unsafe(text).simple();
      } catch (error) {
        rethrow(error);
      }
    },
  };
}

type PlanCacheMode = 'force_generic_plan' | 'force_custom_plan';

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const common = {
    max: options.max ?? 10,
    prepare: true,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
  };
  // Timestamps are read as text; make that text UTC whatever the server's zone. Every statement is
  // prepared once per connection and, on the main pool, planned once: PostgreSQL's default re-plans
  // a prepared statement whose generic plan looks costlier, and for the engine's wide statements (a
  // list page with its nested objects and counts, a write with its snapshots) planning cost more
  // than running them — generic plans doubled list and PATCH throughput (npm run bench).
  const connection = (planCacheMode: PlanCacheMode) => ({
    TimeZone: 'UTC',
    application_name: 'netbox-codegen',
    plan_cache_mode: planCacheMode,
    // No JIT: its compilation is paid on every run of a statement whose estimate crosses
    // jit_above_cost, and the engine's statements are short. Rendering 1,000 new prefixes (a
    // correlated depth and child count each, estimated as index scans of hundreds of rows) spent
    // 4.1 s compiling for 70 ms of execution (npm run bench, section ipam).
    jit: 'off',
    // No request holds a connection longer than this: PostgreSQL cancels the statement (57014).
    ...(options.statementTimeoutMs ? { statement_timeout: Math.round(options.statementTimeoutMs) } : {}),
  });
  const types = {
    int8: { to: Oid.int8, from: [Oid.int8], serialize: (x: unknown) => String(x), parse: parseInt8 },
    // Replaces postgres.js's `date` type (Date objects) for every date/time oid.
    date: { to: Oid.timestamptz, from: textualTimeOids, serialize: (x: unknown) => (x instanceof Date ? x.toISOString() : String(x)), parse: (x: string) => x },
    json: { to: Oid.jsonb, from: [Oid.json, Oid.jsonb], serialize: serializeJson, parse: (x: string) => JSON.parse(x) as unknown },
  };
  /** A pool whose connections plan prepared statements as `planCacheMode` says, its first one open. */
  const pool = async (planCacheMode: PlanCacheMode) => {
    const client = postgres(url, { ...common, connection: connection(planCacheMode), types });
    try {
      await client`select 1`;
      nullSafeArrayParsers(client.options as unknown as TypeOptions);
      return client;
    } catch (error) {
      await client.end({ timeout: 0 }).catch(() => {});
      throw new Error(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`, { cause: error });
    }
  };
  const sql = await pool('force_generic_plan');
  // Statements asking to be planned for their values (QueryOptions.planEachTime) go to a second
  // pool, opened when first needed; one that could not connect is forgotten, so the next tries again.
  let perValuesClient: ReturnType<typeof postgres> | undefined;
  let perValues: Promise<Queryable> | undefined;
  const openPerValues = (): Promise<Queryable> => {
    const opening = pool('force_custom_plan').then((client) => queryable((perValuesClient = client)));
    opening.catch(() => {
      if (perValues === opening) perValues = undefined;
    });
    return opening;
  };
  let ormClient: ReturnType<typeof postgres> | undefined;
  let orm: Promise<Orm> | undefined;
  const raw = queryable(sql);
  let closed = false;
  const changes = new ChangeCount();
  return {
    kind: 'postgres',
    query: changes.counting(async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<T[]> => {
      if (!options?.planEachTime) return raw.query<T>(text, params);
      return (await (perValues ??= openPerValues())).query<T>(text, params);
    }) as Database['query'],
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      try {
        return (await changes.after(sql.begin((tx) => fn(queryable(tx as unknown as Unsafe))))) as T;
      } catch (error) {
        return rethrow(error);
      }
    },
    script: (text: string) => changes.after(raw.script(text)),
    get changes() {
      return changes.value;
    },
    async watch(channel: string) {
      // postgres.js listens on a connection of its own and listens again after reconnecting.
      await sql.listen(channel, () => void changes.value++, () => void changes.value++);
    },
    async listen(channel: string, onNotify: () => void) {
      // Also told after a reconnection: notifications sent meanwhile are lost, so look again.
      await sql.listen(channel, () => onNotify(), () => onNotify());
    },
    orm() {
      orm ??= (async () => {
        const [{ drizzle }, schema] = await Promise.all([import('drizzle-orm/postgres-js'), import('../../generated/inventory/schema.ts')]);
        ormClient = postgres(url, { ...common, connection: connection('force_generic_plan') });
        return drizzle(ormClient, { schema }) as unknown as Orm;
      })();
      return orm;
    },
    async close() {
      if (closed) return;
      closed = true;
      await perValues?.catch(() => undefined);
      await Promise.all([sql.end({ timeout: 5 }), perValuesClient?.end({ timeout: 5 }), ormClient?.end({ timeout: 5 })]);
    },
  };
}
