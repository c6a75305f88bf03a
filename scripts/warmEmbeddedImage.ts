/**
 * @module
 * `npm ci` runs this (postinstall): builds the migrated embedded database that a new embedded
 * database starts from (runtime/db/embeddedImage.ts), so the first `npm start` does not spend
 * seconds creating a cluster. It never fails the install: without the cache the server still
 * starts, just slower.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildImage, cachedImage, imagePath, seedDirectory, storeImage, storeSeedDirectory } from '../runtime/db/index.ts';

try {
  const started = performance.now();
  const image = cachedImage() ?? (await buildImage());
  const stored = [existsSync(imagePath()) || (await storeImage(image)), existsSync(join(seedDirectory(), 'PG_VERSION')) || (await storeSeedDirectory(image))];
  console.error(stored.every(Boolean) ? `embedded database cache ready (${Math.round(performance.now() - started)} ms)` : 'embedded database cache could not be written (the server will create its database at first start)');
} catch (error) {
  console.error(`embedded database cache not built: ${(error as Error).message}`);
}
