/**
 * @module
 * A throwaway PostgreSQL database for one benchmark, opened the way the server opens its own.
 */
import postgres from 'postgres';
import { openDatabase, type Database } from '../../runtime/db/index.ts';

export interface ScratchDatabase {
  url: string;
  db: Database;
  /** Closes the database and drops it. */
  drop(): Promise<void>;
}

export async function scratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
