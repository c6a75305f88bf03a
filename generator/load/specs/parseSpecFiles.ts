/**
 * @module
 * Parses and validates controller OpenAPI documents with @apidevtools/swagger-parser: `parse` reads
 * the file, `validate` then checks every `$ref` resolves and the document matches the OpenAPI schema.
 * Callers get the parsed document as plain JSON (refs not inlined: the IR stage follows the few it
 * needs, and a dereferenced vendor spec is cyclic and several times larger).
 *
 * swagger-parser is asynchronous only, while the generator pipeline is synchronous. So there are two
 * doors to the same calls: `parseSpecFiles` (async, for the bridge at runtime) and `startSpecParse`, which
 * runs them in a worker thread and blocks on `Atomics.wait` (the pattern of the `synckit` package). The
 * worker hands the parsed documents over first and validates afterwards, so the caller builds its IR
 * while validation runs on the other core, and collects the verdict with `finish()`.
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type SwaggerParserType from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { sha256File } from './specFiles.ts';

type SwaggerParserOptions = SwaggerParserType.Options;

/**
 * External `$ref`s are left alone: vendor specs point at example files that are not shipped, and a
 * spec folder must never make the generator read outside it or reach the network.
 */
export const SPEC_PARSER_OPTIONS = { resolve: { external: false } } as const;

export interface SpecProblem {
  message: string;
  /** JSON pointers (`/paths/~1device/get`) of the values the validator rejected, when it said. */
  pointers: string[];
}

export interface ParsedSpecFile {
  /** Absolute path. */
  file: string;
  sha256: string;
  /** The parsed document; absent when it could not be parsed. */
  api?: OpenAPI.Document;
  problem?: SpecProblem;
}

export { sha256File };

function toProblem(error: unknown): SpecProblem {
  const e = error as { message?: unknown; details?: { instancePath?: string }[] } | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const pointers = Array.isArray(e?.details) ? [...new Set(e.details.map((d) => d.instancePath ?? '').filter(Boolean))] : [];
  return { message, pointers };
}

/** Parses and validates each file in turn (async; the bridge's runtime path). */
export async function parseSpecFiles(files: string[]): Promise<ParsedSpecFile[]> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const out: ParsedSpecFile[] = [];
  for (const file of files) {
    const sha256 = sha256File(file);
    try {
      const options = SPEC_PARSER_OPTIONS as SwaggerParserOptions;
      const parsed = await new SwaggerParser().parse(file, options);
      // validate() inlines refs in place; the caller gets the document as written.
      const api = JSON.parse(JSON.stringify(parsed)) as OpenAPI.Document;
      await new SwaggerParser().validate(file, parsed, options);
      out.push({ file, sha256, api });
    } catch (error) {
      out.push({ file, sha256, problem: toProblem(error) });
    }
  }
  return out;
}

// Runs in the worker: the same calls as parseSpecFiles above; keep the two in step.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const SwaggerParser = createRequire(workerData.from)('@apidevtools/swagger-parser');
const flag = new Int32Array(workerData.flag);
const { port, files, options } = workerData;
const problem = (error) => {
  const details = Array.isArray(error && error.details) ? error.details : [];
  return { message: String((error && error.message) || error), pointers: [...new Set(details.map((d) => d.instancePath || '').filter(Boolean))] };
};
const signal = (stage) => { Atomics.store(flag, 0, stage); Atomics.notify(flag, 0); };
(async () => {
  const parsed = [];
  for (const file of files) {
    try {
      const api = await new SwaggerParser().parse(file, options);
      parsed.push({ file, api, text: JSON.stringify(api) });
    } catch (error) {
      parsed.push({ file, problem: problem(error) });
    }
  }
  port.postMessage(parsed.map(({ file, text, problem }) => ({ file, text, problem })));
  signal(1);
  const verdicts = [];
  for (const p of parsed) {
    if (!p.api) { verdicts.push(null); continue; }
    try {
      await new SwaggerParser().validate(p.file, p.api, options);
      verdicts.push(null);
    } catch (error) {
      verdicts.push(problem(error));
    }
  }
  port.postMessage(verdicts);
  signal(2);
  port.close();
})().catch((error) => {
  port.postMessage({ fatal: String((error && error.message) || error) });
  signal(3);
  port.close();
});
`;

export interface PendingSpecParse {
  /** Waits for the parsed documents (those that failed to parse carry their problem). */
  parsed(): ParsedSpecFile[];
  /** Waits for validation too; returns the files with the validator's problems set. */
  finish(): ParsedSpecFile[];
}

/**
 * The synchronous door: starts a worker that parses then validates, and returns at once. `parsed()`
 * blocks until the documents are read; `finish()` until they are validated.
 */
export function startSpecParse(files: string[], timeoutMs = 120_000): PendingSpecParse {
  if (!files.length) return { parsed: () => [], finish: () => [] };
  const flagBuffer = new SharedArrayBuffer(4);
  const flag = new Int32Array(flagBuffer);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { files, options: SPEC_PARSER_OPTIONS, flag: flagBuffer, port: port2, from: fileURLToPath(import.meta.url) },
    transferList: [port2],
  });
  // A caller that gives up half way (an exception elsewhere) must not keep the process alive.
  worker.unref();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    port1.close();
    void worker.terminate();
  };
  const receive = <T>(stage: number): T => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = Atomics.load(flag, 0);
      if (current >= stage) break;
      if (Date.now() >= deadline) {
        stop();
        throw new Error(`parsing ${files.length} spec file(s) took longer than ${timeoutMs} ms`);
      }
      Atomics.wait(flag, 0, current, Math.max(1, deadline - Date.now()));
    }
    const message = receiveMessageOnPort(port1)?.message as T | { fatal: string } | undefined;
    if (!message || (typeof message === 'object' && 'fatal' in message)) {
      stop();
      throw new Error(`the spec parser worker failed: ${(message as { fatal?: string } | undefined)?.fatal ?? 'no result'}`);
    }
    return message as T;
  };
  let parsed: ParsedSpecFile[] | undefined;
  const getParsed = () => {
    parsed ??= receive<{ file: string; text?: string; problem?: SpecProblem }[]>(1).map((r) => ({
      file: r.file,
      sha256: sha256File(r.file),
      ...(r.text !== undefined ? { api: JSON.parse(r.text) as OpenAPI.Document } : { problem: r.problem }),
    }));
    return parsed;
  };
  return {
    parsed: () => {
      try {
        return getParsed();
      } catch (error) {
        stop();
        throw error;
      }
    },
    finish: () => {
      try {
        const documents = getParsed();
        const verdicts = receive<(SpecProblem | null)[]>(2);
        return documents.map((p, i) => (verdicts[i] ? { file: p.file, sha256: p.sha256, problem: verdicts[i]! } : p));
      } finally {
        stop();
      }
    },
  };
}

/** Parse and validate synchronously, without overlapping other work. */
export function parseSpecFilesSync(files: string[], timeoutMs?: number): ParsedSpecFile[] {
  return startSpecParse(files, timeoutMs).finish();
}
