/**
 * @module
 * The database layer's face: open a database (embedded PGlite or PostgreSQL), migrate it at boot,
 * and recognise PostgreSQL errors. Other runtime folders import only this file.
 */
export type { Database, Orm, Queryable, QueryOptions, Schema } from './types.ts';
export { openDatabase, type OpenDatabaseOptions } from './openDatabase.ts';
export { migrate, readMigrations, splitStatements, MigrationError, MigrationHistoryError, DEFAULT_MIGRATIONS_DIR, type MigrateResult, type MigrationFile } from './migrate.ts';
export { DatabaseError, SqlState, asDatabaseError } from './errors.ts';
export { redactUrl } from './postgres.ts';
export { openPglite, statementTimeoutError, type PgliteDatabase, type PgliteOptions } from './pglite/driver.ts';
export { DataDirectoryLockedError } from './dataDirectoryLock.ts';
export { buildImage, cachedImage, imagePath, seedDirectory, storeImage, storeSeedDirectory } from './embeddedImage.ts';
