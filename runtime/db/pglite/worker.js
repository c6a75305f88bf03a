// @ts-check
/**
 * @module
 * The embedded database's own thread: one PGlite (PostgreSQL compiled to WebAssembly) and a loop
 * that runs what the driver (driver.ts) posts. PGlite runs a statement synchronously from start to
 * end, so on the server's thread a slow statement would stop every other request; here it stops
 * only this thread, and the driver can end it (worker.terminate()) when it outlives the statement
 * timeout.
 *
 * JavaScript, not TypeScript: a worker thread starts without the parent's TypeScript loader, and
 * registering one in every worker costs more than the database's own start. The value rules come
 * from the driver as data (workerData.values, from ../values.ts), so they stay written once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/** @typedef {import('./protocol.ts').WorkerData} WorkerData */
/** @typedef {import('./protocol.ts').Request} Request */
/** @typedef {import('./protocol.ts').Reply} Reply */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const data = /** @type {WorkerData} */ (workerData);
const { values } = data;

/** int8 as a number when exact, else its decimal text (the rule of ../values.ts parseInt8). */
const int8 = (/** @type {string} */ text) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
const asText = (/** @type {string} */ text) => text;
/** @type {Record<number, (text: string) => unknown>} */
const parsers = {};
for (const oid of values.int8) parsers[oid] = int8;
for (const oid of values.int8Arrays) parsers[oid] = (text) => types.arrayParser(text, int8, oid);
for (const oid of values.text) parsers[oid] = asText;
for (const oid of values.textArrays) parsers[oid] = (text) => types.arrayParser(text, asText, oid);
/** @type {Record<number, (value: unknown) => string>} */
const serializers = {};
// A json/jsonb parameter is always the encoding of the value (a string becomes a JSON string).
for (const oid of values.json) serializers[oid] = (value) => JSON.stringify(value);
/** @type {import('@electric-sql/pglite').QueryOptions} */
const queryOptions = { rowMode: 'object', parsers, serializers };

/** What the driver needs of a PostgreSQL error; an Error itself does not survive postMessage whole. */
function describe(/** @type {any} */ error) {
  const text = (/** @type {unknown} */ v) => (typeof v === 'string' && v !== '' ? v : null);
  return { message: String(error?.message ?? error), code: text(error?.code), constraint: text(error?.constraint), detail: text(error?.detail), table: text(error?.table), column: text(error?.column) };
}

/** @type {import('./protocol.ts').OpenMessage} */
const open = await new Promise((resolve) => port.once('message', resolve));
/** @type {PGlite} */
let db;
try {
  db = await PGlite.create(data.dataDir, {
    pgliteWasmModule: /** @type {any} */ (open.wasmModule),
    startParams: [...PGlite.defaultStartParams, ...data.settings.flatMap((setting) => ['-c', setting])],
    ...(open.image ? { loadDataDir: new Blob([open.image]) } : {}),
  });
  // Timestamps are read as text; make that text UTC whatever the host's zone.
  await db.exec(`SET TIME ZONE 'UTC'`);
  port.postMessage(/** @type {Reply} */ ({ ready: true }));
} catch (error) {
  port.postMessage(/** @type {Reply} */ ({ failed: describe(error).message }));
  process.exit(1);
}

port.on('message', async (/** @type {Request} */ request) => {
  try {
    switch (request.op) {
      case 'query':
        port.postMessage(/** @type {Reply} */ ({ id: request.id, rows: (await db.query(request.text, request.params, request.rowMode ? { ...queryOptions, rowMode: request.rowMode } : queryOptions)).rows }));
        break;
      case 'script':
        await db.exec(request.text);
        port.postMessage(/** @type {Reply} */ ({ id: request.id, rows: [] }));
        break;
      case 'dump': {
        const image = await (/** @type {Promise<Blob>} */ (db.dumpDataDir('gzip'))).then((blob) => blob.arrayBuffer());
        port.postMessage(/** @type {Reply} */ ({ id: request.id, image }), [image]);
        break;
      }
      case 'close':
        await db.close();
        port.postMessage(/** @type {Reply} */ ({ id: request.id, rows: [] }));
        break;
    }
  } catch (error) {
    port.postMessage(/** @type {Reply} */ ({ id: request.id, error: describe(error) }));
  }
});
