/**
 * @module
 * The rendering thread's side (run through runtime/workers' BoundedThread, never on the server's
 * thread): MiniJinja — Jinja's own author's Rust implementation, as WebAssembly — renders a
 * template with the custom filters (filters.ts) and the template's environment parameters.
 *
 * Sandboxed by construction: a template sees only the values it is given (plain data, and the
 * related-objects methods below); MiniJinja has no access to JavaScript objects' prototypes, the
 * process, files or the network. Bounded: MiniJinja's fuel stops endless loops, its recursion
 * limit endless macros, and its WebAssembly memory is capped (the module's declared maximum is
 * lowered before it is compiled: a thread's resource limits do not cover WebAssembly memory), so a
 * template that grows without end fails instead of filling the machine; the thread itself is ended
 * by the caller when a render overruns its time.
 */
import { createRequire } from 'node:module';
import { customFilters } from './filters.ts';
import { RELATED, type RenderJob, type RenderOutcome, type SyntaxProblem } from './renderJob.ts';

/** 64 KiB pages the engine's memory may grow to: 256 MiB. */
const MAX_PAGES = 4096;

function leb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [value >>> 0, at];
}

function encodeLeb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

/** The module with its one memory's maximum set to MAX_PAGES (section 5: count, flags, min[, max]). */
export function capMemory(bytes: Uint8Array): Uint8Array {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    if (id === 5) {
      let [count, p] = leb(bytes, start);
      if (count !== 1) return bytes;
      const flags = bytes[p++];
      const [min, afterMin] = leb(bytes, p);
      if (flags & ~1) return bytes; // shared or 64-bit memories are left as they are
      const body = [...encodeLeb(1), 1, ...encodeLeb(min), ...encodeLeb(Math.max(min, MAX_PAGES))];
      const end = start + size;
      const rest = flags & 1 ? leb(bytes, afterMin)[1] : afterMin;
      if (rest !== end) return bytes;
      return new Uint8Array([...bytes.subarray(0, at), 5, ...encodeLeb(body.length), ...body, ...bytes.subarray(end)]);
    }
    at = start + size;
  }
  return bytes;
}

interface MiniJinjaEnvironment {
  addTemplate(name: string, source: string): void;
  renderTemplate(name: string, ctx: unknown): string;
  addFilter(name: string, fn: Function): void;
  enablePyCompat(): void;
  debug: boolean;
  trimBlocks: boolean;
  lstripBlocks: boolean;
  keepTrailingNewline: boolean;
  undefinedBehavior: string;
  fuel: number | undefined | null;
  free(): void;
}

type WasmModuleConstructor = new (bytes: Uint8Array) => object;
/** The WebAssembly global (the project's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { Module: WasmModuleConstructor; RuntimeError: new () => Error } }).WebAssembly;

let engine: { Environment: new () => MiniJinjaEnvironment } | null = null;

/** MiniJinja, loaded once per thread with its memory capped. */
function miniJinja(): { Environment: new () => MiniJinjaEnvironment } {
  if (engine) return engine;
  const Original = wasm.Module;
  const Capped = function (bytes: Uint8Array | ArrayBuffer) {
    return new Original(capMemory(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
  };
  Object.assign(Capped, Original);
  wasm.Module = Capped as unknown as WasmModuleConstructor;
  try {
    engine = createRequire(import.meta.url)('minijinja-js');
  } finally {
    wasm.Module = Original;
  }
  return engine!;
}

/** NetBox's `undefined` classes as MiniJinja's behaviours (DebugUndefined prints nothing here). */
const UNDEFINED: Record<string, string> = {
  'jinja2.StrictUndefined': 'strict',
  'jinja2.ChainableUndefined': 'chainable',
  'jinja2.DebugUndefined': 'lenient',
  'jinja2.Undefined': 'lenient',
};

/** Parameters MiniJinja's JavaScript build cannot honour: a render with one of them is refused. */
const UNSUPPORTED = ['block_start_string', 'block_end_string', 'variable_start_string', 'variable_end_string', 'comment_start_string', 'comment_end_string', 'line_statement_prefix', 'line_comment_prefix'];

/** Python's truthiness of a JSON value, as Jinja reads a boolean parameter. */
const truthy = (value: unknown) => !(value === false || value === null || value === undefined || value === 0 || value === '' || (Array.isArray(value) && !value.length) || (typeof value === 'object' && value !== null && !Object.keys(value).length));

/** Replaces related-object stand-ins with manager-like methods, all the way down. */
function managed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(managed);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record[RELATED])) {
    const items = (record[RELATED] as unknown[]).map(managed);
    return { all: () => items, count: () => items.length, first: () => items[0] ?? null, last: () => items.at(-1) ?? null, exists: () => items.length > 0 };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = managed(item);
  return out;
}

/** The Jinja exception a MiniJinja error message stands for. */
function exceptionName(message: string): string {
  if (message.startsWith('syntax error')) return 'TemplateSyntaxError';
  if (message.startsWith('undefined value')) return 'UndefinedError';
  if (message.startsWith('template not found')) return 'TemplateNotFound';
  if (/^unknown (filter|test|function)/.test(message)) return 'TemplateAssertionError';
  if (message.includes('recursion limit exceeded')) return 'RecursionError';
  return 'TemplateRuntimeError';
}

const LOCATION = / \(in ([^:]*):(\d+)\)$/;

/** NetBox's format_render_error(): `Type: message`, then the template's name and line when known. */
function describe(error: unknown, main: string, debug: boolean): RenderOutcome {
  const text = error instanceof Error ? error.message : String(error);
  // A panic of the engine (its memory cap reached, most often) leaves it unusable: the thread is restarted.
  if (error instanceof wasm.RuntimeError || /^unreachable|capacity overflow|memory access out of bounds/.test(text)) {
    return { error: 'MemoryError: the template used more memory than a render may (256 MiB)', fatal: true };
  }
  const [first, ...details] = text.split('\n');
  const located = LOCATION.exec(first);
  const message = located ? first.slice(0, located.index) : first;
  if (message.includes('ran out of fuel')) return { error: 'TemplateRuntimeError: the template ran longer than a render may (its step limit was reached)' };
  const parts = [`${exceptionName(message)}: ${message}`];
  if (located && located[1] !== main) parts.push(`Template: ${located[1]}`);
  if (located) parts.push(`Line: ${located[2]}`);
  if (debug && details.length) parts.push('', ...details);
  return { error: parts.join('\n') };
}

function environment(job: Pick<RenderJob, 'params' | 'debug'>): MiniJinjaEnvironment {
  const env = new (miniJinja().Environment)();
  env.enablePyCompat();
  env.debug = job.debug;
  const params = job.params;
  env.trimBlocks = truthy(params.trim_blocks);
  env.lstripBlocks = truthy(params.lstrip_blocks);
  env.keepTrailingNewline = truthy(params.keep_trailing_newline);
  env.undefinedBehavior = UNDEFINED[String(params.undefined)] ?? 'lenient';
  for (const [name, fn] of Object.entries(customFilters)) env.addFilter(name, fn);
  return env;
}

/** Renders `job`; an error comes back as NetBox's text, never thrown. */
export function renderJob(job: RenderJob): RenderOutcome {
  const unsupported = UNSUPPORTED.find((key) => key in job.params);
  if (unsupported) return { error: `TemplateRuntimeError: the environment parameter "${unsupported}" is not supported by this server's template engine` };
  let env: MiniJinjaEnvironment | null = null;
  try {
    env = environment(job);
    env.fuel = job.limits.fuel;
    // MiniJinja escapes by the template name's extension: `.html` when autoescape is asked for.
    const escaping = !job.forceNoAutoescape && truthy(job.params.autoescape);
    const main = escaping ? `${job.main}.html` : job.main;
    for (const [name, source] of Object.entries(job.templates)) env.addTemplate(name === job.main ? main : name, source);
    let output = env.renderTemplate(main, managed(job.context));
    if (output.length > job.limits.outputChars) return { error: `TemplateRuntimeError: the rendered output is longer than a render may be (${job.limits.outputChars} characters)` };
    if (typeof job.params.newline_sequence === 'string' && job.params.newline_sequence !== '\n') output = output.replace(/\n/g, job.params.newline_sequence);
    return { output };
  } catch (error) {
    return describe(error, job.main, job.debug);
  } finally {
    try {
      env?.free();
    } catch {
      // an engine that panicked cannot free: the thread is restarted anyway
    }
  }
}

/** The first syntax error among `templates` (parsed, not rendered), or null. */
export function checkSyntax(templates: Record<string, string>, params: Record<string, unknown>): SyntaxProblem | null {
  const env = environment({ params, debug: false });
  try {
    for (const [name, source] of Object.entries(templates)) {
      try {
        env.addTemplate(name, source);
      } catch (error) {
        const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        const located = LOCATION.exec(first);
        return { message: located ? first.slice(0, located.index) : first, line: located ? Number(located[2]) : null };
      }
    }
    return null;
  } finally {
    env.free();
  }
}
