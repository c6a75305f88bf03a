/**
 * @module
 * The contract between generator/ and runtime/: the shapes of the generated tables (the
 * inventory's resources, its routes, the bridge's tool tables). Both sides import them from here;
 * this folder imports nothing outside itself.
 */
export * from './inventory.ts';
export * from './expanded.ts';
export * from './routes.ts';
export * from './toolTable.ts';
export * from './legacyNames.ts';
