/**
 * @module
 * One worker thread running PGlite (worker.js), and the requests in flight to it. A thread that is
 * ended (terminate) fails its requests at once; the driver starts another on the same data
 * directory, which PostgreSQL's crash recovery brings back to its last commit.
 * @internal
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DatabaseError } from '../errors.ts';
import { Oid, textualTimeArrayOids, textualTimeOids } from '../values.ts';
import type { ErrorFields, OpenMessage, Reply, Request, WasmModule, WorkerData } from './protocol.ts';

/** Distributive Omit: a request as the caller writes it, before it gets its id. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The value rules of ../values.ts, handed to the worker as data. */
const VALUES: WorkerData['values'] = {
  int8: [Oid.int8],
  int8Arrays: [Oid.int8Array],
  text: textualTimeOids,
  textArrays: textualTimeArrayOids,
  json: [Oid.json, Oid.jsonb],
};

/**
 * Settings of the embedded PostgreSQL. shared_buffers: PostgreSQL's default 128 MB is zeroed in
 * WebAssembly memory at every start, most of a second of it; 16 MB starts in a third of the time,
 * and the files it caches stay in the operating system's cache besides.
 */
const SETTINGS = ['shared_buffers=16MB'];

/** The worker's source: JavaScript next to this module, in the repository and in dist/ alike. */
const WORKER = new URL('./worker.js', import.meta.url);

let compiled: Promise<WasmModule> | undefined;
/** Node's global WebAssembly, which this project's lib settings (ES2023, no DOM) do not declare. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

/**
 * PGlite's WebAssembly, compiled once per process: every thread (a test run opens dozens, a
 * restarted one another) instantiates the same module instead of compiling 9 MB again.
 */
function wasmModule(): Promise<WasmModule> {
  return (compiled ??= wasm.compile(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))));
}

export function databaseError(fields: ErrorFields): Error {
  if (!fields.code) return new Error(fields.message);
  return new DatabaseError(fields.message, { code: fields.code, constraint: fields.constraint, detail: fields.detail, table: fields.table, column: fields.column });
}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ended: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if ('error' in reply) waiting.reject(databaseError(reply.error));
      else waiting.resolve(reply);
    });
    worker.on('error', (error) => this.end(error));
    worker.on('exit', (code) => this.end(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts a thread on `dataDir` and waits until its database is open. */
  static async start(dataDir: string, image?: Blob): Promise<PgliteThread> {
    const data: WorkerData = { dataDir, settings: SETTINGS, values: VALUES };
    // The thread starts (and loads PGlite) while the WebAssembly compiles here; it opens the database once both are done.
    const worker = new Worker(WORKER, { workerData: data, stdout: false, stderr: false });
    const opening: OpenMessage = { wasmModule: await wasmModule(), ...(image ? { image: await image.arrayBuffer() } : {}) };
    worker.postMessage(opening, opening.image ? [opening.image] : []);
    await new Promise<void>((resolve, reject) => {
      const opened = (reply: Reply) => {
        if ('ready' in reply) resolve();
        else if ('failed' in reply) reject(new Error(reply.failed));
        else return;
        worker.off('message', opened);
      };
      worker.on('message', opened);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedded database's thread stopped while opening (exit code ${code})`)));
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteThread(worker);
  }

  /** Posts a request; the reply, or the thread's end as an error. */
  request(request: Unnumbered<Request>, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Ends the thread now, failing whatever is in flight with `reason`. */
  async terminate(reason: Error): Promise<void> {
    this.end(reason);
    await this.worker.terminate();
  }

  private end(reason: Error): void {
    this.ended ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(this.ended);
    this.pending.clear();
  }
}
