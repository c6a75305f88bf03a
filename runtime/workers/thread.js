// @ts-check
/**
 * @module
 * A worker thread that runs exported functions of the runtime's modules for the server's thread
 * (index.ts): it imports the module a request names, calls the export with the request's
 * arguments, and posts back the result, or the error's name, message and any HTTP answer it
 * carries (an ApiError's status, body and headers). When the server runs from its TypeScript
 * sources, the thread registers tsx first, which the server's own loader does not reach.
 *
 * JavaScript, not TypeScript, for that reason: it must start before any loader is registered.
 */
import { parentPort, workerData } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
if (workerData?.typescript) (await import('tsx/esm/api')).register();

/** What survives postMessage of an error: an Error's own fields are lost on the way. */
function describe(/** @type {any} */ error) {
  const answer = typeof error?.status === 'number' && error.body !== undefined ? { status: error.status, body: error.body, headers: error.headers ?? {} } : undefined;
  return { name: String(error?.name ?? 'Error'), message: String(error?.message ?? error), answer };
}

/**
 * The modules imported so far, by URL: import() of a module already loaded still resolves its
 * specifier, through tsx's hooks when they are registered (0.2 ms a call, on every render).
 * @type {Map<string, any>}
 */
const loaded = new Map();

port.on('message', async (/** @type {{ id: number; module: string; name: string; args: unknown[] }} */ request) => {
  try {
    let module = loaded.get(request.module);
    if (!module) loaded.set(request.module, (module = await import(request.module)));
    const value = await module[request.name](...request.args);
    port.postMessage({ id: request.id, value });
  } catch (error) {
    port.postMessage({ id: request.id, error: describe(error) });
  }
});
