/**
 * @module
 * A ready-made embedded database: a PGlite cluster with every migration applied, cached under
 * `node_modules/.cache/netbox-codegen/` and keyed by a hash of the migration files, both as an
 * image (a tarball, for in-memory test databases) and as a data directory (copied into a new data
 * directory in a fraction of a second). Creating a cluster (initdb in WebAssembly) takes seconds
 * and most of a gigabyte of memory; `npm ci` builds the cache once (the postinstall script), test
 * suites build the image when it is missing, and a new embedded database starts from the copy.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MIGRATIONS_DIR, migrate, readMigrations } from './migrate.ts';
import { openPglite } from './pglite/driver.ts';

/** Where images are kept (NETBOX_IMAGE_CACHE overrides it). */
export function imageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.NETBOX_IMAGE_CACHE || fileURLToPath(new URL('../../node_modules/.cache/netbox-codegen/', import.meta.url));
}

function migrationsHash(migrationsDir: string): string {
  const hash = createHash('sha256');
  for (const file of readMigrations(migrationsDir)) hash.update(file.name).update('\0').update(file.statements.join('\n')).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The image file for a migrations folder: its name carries a hash of every migration's text. */
export function imagePath(migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): string {
  return join(imageCacheDir(env), `pglite-${migrationsHash(migrationsDir)}.tgz`);
}

/** The migrated data directory for a migrations folder (copied into a new embedded database). */
export function seedDirectory(migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): string {
  return join(imageCacheDir(env), `pglite-${migrationsHash(migrationsDir)}`);
}

/**
 * Fills a new data directory (one without a cluster yet) with a copy of the cached migrated one;
 * false when it already holds a cluster, which is never overwritten, or when there is no cache (the
 * caller then creates the cluster itself).
 */
export function seedDataDirectory(dataDir: string, migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const seed = seedDirectory(migrationsDir, env);
  if (!existsSync(join(seed, 'PG_VERSION'))) return false;
  cpSync(seed, dataDir, { recursive: true });
  return true;
}

/** Unpacks an image into the cached data directory (by way of a temporary one, renamed when complete). */
export async function storeSeedDirectory(image: Blob, migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const seed = seedDirectory(migrationsDir, env);
  const partial = `${seed}.${process.pid}.partial`;
  try {
    rmSync(partial, { recursive: true, force: true });
    const db = await openPglite(partial, { image });
    await db.close();
    rmSync(seed, { recursive: true, force: true });
    renameSync(partial, seed);
    return true;
  } catch {
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

/** The cached image, or null when there is none for these migrations. */
export function cachedImage(migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): Blob | null {
  const path = imagePath(migrationsDir, env);
  return existsSync(path) ? new Blob([readFileSync(path)]) : null;
}

/** Creates a cluster in memory, migrates it and returns its image. */
export async function buildImage(migrationsDir = DEFAULT_MIGRATIONS_DIR): Promise<Blob> {
  const db = await openPglite('memory://');
  try {
    await migrate(db, migrationsDir);
    return await db.dumpImage();
  } finally {
    await db.close();
  }
}

/** Stores an image for these migrations; a cache that cannot be written is only a missed speed-up. */
export async function storeImage(image: Blob, migrationsDir = DEFAULT_MIGRATIONS_DIR, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  try {
    const path = imagePath(migrationsDir, env);
    mkdirSync(imageCacheDir(env), { recursive: true });
    // Written aside and renamed, so a concurrent reader never sees half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, path);
    return true;
  } catch {
    return false;
  }
}
