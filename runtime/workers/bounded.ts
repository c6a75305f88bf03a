/**
 * @module
 * Untrusted work off the server's thread, with bounds: `BoundedThread` runs an exported function of a
 * runtime module on a thread of its own (thread.js, as offThread does), one call at a time in the
 * order asked, and ends the thread when a call overruns its time or the thread's heap limit; that
 * call is rejected with a `ThreadOverrun` and the next call starts a fresh thread. The server's
 * thread is never held: it only waits on a message. Made for user-written templates, which may loop
 * or grow without end.
 */
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/** What a call that overran reports: `time` (its timeout) or `memory` (the thread's heap limit). */
export class ThreadOverrun extends Error {
  constructor(readonly limit: 'time' | 'memory', message: string) {
    super(message);
    this.name = 'ThreadOverrun';
  }
}

export interface BoundedThreadOptions {
  /** Milliseconds a call may run, from when it starts on the thread. */
  timeoutMs: number;
  /**
   * Milliseconds more for the first call on a fresh thread, which starts the thread and imports the
   * module (seconds on a loaded machine when running from the TypeScript sources). Default 10 000.
   */
  startupMs?: number;
  /** The thread's V8 heap limits (WebAssembly memory is not counted: bound it in the module). */
  resourceLimits?: ResourceLimits;
  /** The thread's `process.env` (default: a copy of the server's, as every worker thread gets). */
  env?: Record<string, string>;
}

interface Job {
  module: string;
  name: string;
  args: unknown[];
  /** Moved to the thread with the call (a MessagePort the call talks back through). */
  transfer: TransferListItem[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const THREAD = new URL('./thread.js', import.meta.url);
const TYPESCRIPT = import.meta.url.endsWith('.ts');

export class BoundedThread {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  constructor(private readonly options: BoundedThreadOptions) {}

  /** Calls `module`'s export `name` with `args` on the bounded thread. */
  call<T>(module: URL, name: string, ...args: unknown[]): Promise<T> {
    return this.callTransferring<T>([], module, name, ...args);
  }

  /**
   * As `call`, moving `transfer` (MessagePorts among `args`) to the thread: a call that must ask the
   * server's thread for things while it runs (a custom script's API calls) gets a port to ask on.
   */
  callTransferring<T>(transfer: TransferListItem[], module: URL, name: string, ...args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ module: module.href, name, args, transfer, resolve: resolve as (value: unknown) => void, reject });
      this.next();
    });
  }

  /** Ends the thread (a call under way is rejected); the next call starts another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD, { workerData: { typescript: TYPESCRIPT }, resourceLimits: this.options.resourceLimits, ...(this.options.env ? { env: this.options.env } : {}) });
    worker.unref();
    worker.on('message', (reply: { id: number; value?: unknown; error?: { name: string; message: string } }) => {
      const running = this.running;
      if (!running || worker !== this.worker) return;
      this.finish();
      if (reply.error) running.job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
      else running.job.resolve(reply.value);
    });
    const stopped = (reason: Error) => {
      if (worker !== this.worker) return;
      this.worker = null;
      const running = this.running;
      this.finish();
      running?.job.reject(reason);
    };
    worker.on('error', (error: Error & { code?: string }) =>
      stopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ThreadOverrun('memory', 'the work ran out of memory') : error),
    );
    worker.on('exit', (code) => stopped(new Error(`the worker thread stopped (exit code ${code})`)));
    return (this.worker = worker);
  }

  private finish(): void {
    if (this.running) clearTimeout(this.running.timer);
    this.running = null;
    if (this.worker && !this.queue.length) this.worker.unref();
    queueMicrotask(() => this.next());
  }

  private next(): void {
    if (this.running || !this.queue.length) return;
    const job = this.queue.shift()!;
    const fresh = !this.worker;
    const worker = this.thread();
    worker.ref();
    const timer = setTimeout(() => {
      if (this.running?.job !== job) return;
      this.worker = null;
      this.finish();
      job.reject(new ThreadOverrun('time', `the work took longer than ${this.options.timeoutMs} ms`));
      void worker.terminate();
    }, this.options.timeoutMs + (fresh ? this.options.startupMs ?? 10_000 : 0));
    this.running = { job, timer };
    worker.postMessage({ id: this.nextId++, module: job.module, name: job.name, args: job.args }, job.transfer as never);
  }
}
