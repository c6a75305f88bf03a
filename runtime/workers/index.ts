/**
 * @module
 * CPU-bound work off the server's thread. The server answers every request on one thread: a request
 * that parses a megabyte of YAML there holds every other request until it is done. `offThread` runs
 * an exported function of a runtime module on a worker thread instead (thread.js), one at a time in
 * the order asked, and resolves with its result; an error it throws comes back with its name and
 * message, and an ApiError as the same HTTP answer. The thread starts on first use and again after
 * it fails. Arguments and results cross by structured clone: plain data, Maps and Sets.
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../rest/index.ts';

interface Reply {
  id: number;
  value?: unknown;
  error?: { name: string; message: string; answer?: { status: number; body: unknown; headers: Record<string, string> } };
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The thread's source: JavaScript beside this module, in the repository and in dist/ alike. */
const THREAD = new URL('./thread.js', import.meta.url);
/** Running from the TypeScript sources (tsx, vitest), the thread must load them too. */
const TYPESCRIPT = import.meta.url.endsWith('.ts');

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function fail(reason: Error): void {
  worker = null;
  for (const waiting of pending.values()) waiting.reject(reason);
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(THREAD, { workerData: { typescript: TYPESCRIPT } });
  // Idle, it does not keep the process alive; with work in hand it does.
  started.unref();
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!pending.size) started.unref();
    if (!waiting) return;
    if (!reply.error) return waiting.resolve(reply.value);
    const { name, message, answer } = reply.error;
    waiting.reject(answer ? new ApiError(answer.status, answer.body as never, answer.headers) : Object.assign(new Error(message), { name }));
  });
  started.on('error', (error) => fail(error));
  started.on('exit', (code) => fail(new Error(`the worker thread stopped (exit code ${code})`)));
  return (worker = started);
}

/**
 * The module `name` beside the caller's own file (`import.meta.url`), with the caller's extension:
 * `.ts` when running from the sources, `.js` in dist/.
 */
export function moduleBeside(callerUrl: string, name: string): URL {
  return new URL(`./${name}${callerUrl.slice(callerUrl.lastIndexOf('.'))}`, callerUrl);
}

/** Calls `module`'s export `name` with `args` on the worker thread; resolves with what it returns. */
export function offThread<T>(module: URL, name: string, ...args: unknown[]): Promise<T> {
  const id = nextId++;
  const target = thread();
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.ref();
    target.postMessage({ id, module: module.href, name, args });
  });
}

export { BoundedThread, ThreadOverrun, type BoundedThreadOptions } from './bounded.ts';
