/**
 * @module
 * The messages between the embedded-database driver (driver.ts, on the server's thread) and the
 * worker thread that owns PGlite (worker.js).
 * @internal
 */

/** A compiled WebAssembly.Module (this project's lib settings, ES2023 without DOM, do not declare the namespace). */
export type WasmModule = object;

/** What the worker is started with. */
export interface WorkerData {
  /** The data directory, or `memory://`. */
  dataDir: string;
  /** PostgreSQL settings the database starts with (`name=value`). */
  settings: string[];
  /** Which type oids get which of the value rules of ../values.ts (the worker cannot import TypeScript). */
  values: { int8: number[]; int8Arrays: number[]; text: number[]; textArrays: number[]; json: number[] };
}

/** The worker's first message, once the WebAssembly is compiled: it opens the database with it. */
export interface OpenMessage {
  /** PGlite's WebAssembly module, compiled once per process and shared by every worker. */
  wasmModule: WasmModule;
  /** A dumped data directory to start from instead of an empty cluster (a gzipped tarball). */
  image?: ArrayBuffer;
}

export type Request =
  /** Rows come as objects, or as arrays of values in column order with rowMode 'array'. */
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode?: 'array' }
  /** Several statements without parameters (a migration file). */
  | { id: number; op: 'script'; text: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A PostgreSQL error as the worker can post it (an Error loses its fields on the way). */
export interface ErrorFields {
  message: string;
  code: string | null;
  constraint: string | null;
  detail: string | null;
  table: string | null;
  column: string | null;
}

export type Reply =
  | { ready: true }
  | { failed: string }
  | { id: number; rows: unknown[] }
  | { id: number; image: ArrayBuffer }
  | { id: number; error: ErrorFields };
