/**
 * @module
 * Finds the controller spec folders (`specs/<version>/`), parses every OpenAPI document in each
 * (`*.yaml`, `*.yml`, `*.json`, in name order) and reports problems as positioned diagnostics.
 * A version is the merge of its documents; merging happens in the IR stage.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { OpenAPI } from 'openapi-types';
import { formatDiagnostic, type Diagnostic } from '../../diagnostics.ts';
import { parseYamlSource, type PathKey } from '../yamlSource.ts';
import { parseSpecFiles, startSpecParse, type ParsedSpecFile, type PendingSpecParse } from './parseSpecFiles.ts';
import { listSpecFiles } from './specFiles.ts';

export { listSpecFiles };

export interface LoadedSpecDocument {
  /** File name inside the version folder (what generated tables record). */
  name: string;
  /** Path shown in diagnostics (relative to the project root when below it). */
  display: string;
  sha256: string;
  api: OpenAPI.Document;
}

export interface LoadedSpecVersion {
  version: string;
  /** Folder shown in diagnostics. */
  folder: string;
  documents: LoadedSpecDocument[];
}

export interface SpecLoadResult {
  versions: LoadedSpecVersion[];
  diagnostics: Diagnostic[];
}

/** Version folder names end up in generated paths and tool instructions. */
export const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Version folders under `specsDir`, sorted; hidden and temporary folders (`.x`) are skipped. */
export function listSpecVersions(specsDir: string): string[] {
  if (!existsSync(specsDir)) return [];
  return readdirSync(specsDir)
    .filter((name) => !name.startsWith('.') && statSync(join(specsDir, name)).isDirectory())
    .sort();
}

function displayPath(file: string, root: string | undefined): string {
  if (!root) return file;
  const rel = relative(root, file).split('\\').join('/');
  return rel.startsWith('..') ? file : rel;
}

/** `/paths/~1device/get/parameters/0` → `['paths', '/device', 'get', 'parameters', 0]`. */
function pointerKeys(pointer: string): PathKey[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Where in the file a problem sits: the rejected value, a quoted `$ref`, a parser's `(line:col)`. */
function locateProblem(file: string, pointers: string[], message: string): { line: number; col: number }[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [{ line: 1, col: 1 }];
  }
  if (pointers.length) {
    const { source, errors } = parseYamlSource(file, text);
    if (!errors.length) return pointers.map((p) => source.locate(pointerKeys(p)));
  }
  const ref = /"(#\/[^"]+)"/.exec(message)?.[1];
  if (ref) {
    const at = text.indexOf(ref);
    if (at >= 0) {
      const before = text.slice(0, at).split('\n');
      return [{ line: before.length, col: before[before.length - 1].length + 1 }];
    }
  }
  const position = /\((\d+):(\d+)\)/.exec(message) ?? /line (\d+),? col(?:umn)? (\d+)/i.exec(message);
  return [position ? { line: Number(position[1]), col: Number(position[2]) } : { line: 1, col: 1 }];
}

/** One diagnostic per rejected value (at most 5 per file), with the validator's own wording. */
function problemDiagnostics(parsed: ParsedSpecFile, display: string): Diagnostic[] {
  const problem = parsed.problem!;
  const lines = problem.message.split('\n').map((l) => l.trim()).filter(Boolean);
  const headline = lines[0] ?? 'invalid OpenAPI document';
  const pointers = problem.pointers.slice(0, 5);
  const places = locateProblem(parsed.file, pointers, problem.message);
  if (!pointers.length) {
    return [{ file: display, ...places[0], code: 'E_SPEC', message: lines.slice(0, 3).join(' ') }];
  }
  return pointers.map((pointer, i) => {
    const detail = lines.find((l) => l.startsWith(`#${pointer} `)) ?? `#${pointer}`;
    return { file: display, ...places[i], code: 'E_SPEC' as const, message: `${headline.replace(/\.$/, '')}: ${detail}` };
  });
}

/** Turns parse results into a loaded version, or diagnostics naming what is wrong. */
export function collectVersion(version: string, folder: string, parsed: ParsedSpecFile[], root?: string): { version?: LoadedSpecVersion; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!VERSION_NAME.test(version)) {
    diagnostics.push({ file: folder, line: 1, col: 1, code: 'E_SPEC', message: `spec folder name "${version}" must start with a letter or digit and use only letters, digits, ".", "_" and "-"` });
  }
  if (!parsed.length) {
    diagnostics.push({ file: folder, line: 1, col: 1, code: 'E_SPEC', message: 'no OpenAPI document in this spec folder (expected *.yaml, *.yml or *.json)' });
  }
  const documents: LoadedSpecDocument[] = [];
  for (const p of parsed) {
    const display = displayPath(p.file, root);
    if (p.problem) {
      diagnostics.push(...problemDiagnostics(p, display));
      continue;
    }
    const api = p.api!;
    if (!('openapi' in api) || typeof api.openapi !== 'string') {
      diagnostics.push({ file: display, line: 1, col: 1, code: 'E_SPEC', message: 'Swagger 2.0 documents are not supported; convert the document to OpenAPI 3 (for example with swagger2openapi)' });
      continue;
    }
    documents.push({ name: basename(p.file), display, sha256: p.sha256, api });
  }
  if (diagnostics.length) return { diagnostics };
  return { version: { version, folder, documents }, diagnostics };
}

export interface PendingSpecLoad {
  /** Waits for the documents to be parsed; versions whose documents all parsed, and the problems. */
  loaded(): SpecLoadResult;
  /** Waits for the validator (running meanwhile) and returns its diagnostics. */
  finish(): Diagnostic[];
}

/**
 * Starts loading every version folder under `specsDir` (the generator's path) and returns at once:
 * one worker parses every file of every folder, then validates them while the caller builds its IR.
 */
/** `parse` may keep parses between runs (generator/warm/specParseCache.ts); the worker by default. */
export function startSpecsLoadSync(specsDir: string, root?: string, parse: (files: string[]) => PendingSpecParse = startSpecParse): PendingSpecLoad {
  const versions = listSpecVersions(specsDir);
  const filesByVersion = versions.map((v) => listSpecFiles(join(specsDir, v)));
  const pending = parse(filesByVersion.flat());
  const byVersion = (files: ParsedSpecFile[]) => {
    const result: SpecLoadResult = { versions: [], diagnostics: [] };
    let offset = 0;
    versions.forEach((v, i) => {
      const mine = files.slice(offset, offset + filesByVersion[i].length);
      offset += filesByVersion[i].length;
      const { version, diagnostics } = collectVersion(v, displayPath(join(specsDir, v), root), mine, root);
      result.diagnostics.push(...diagnostics);
      if (version) result.versions.push(version);
    });
    return result;
  };
  let loaded: SpecLoadResult | undefined;
  const getLoaded = () => (loaded ??= byVersion(pending.parsed()));
  return {
    loaded: getLoaded,
    finish: () => {
      // Problems already reported at parse time are not reported twice.
      const known = new Set(getLoaded().diagnostics.map(formatDiagnostic));
      return byVersion(pending.finish()).diagnostics.filter((d) => !known.has(formatDiagnostic(d)));
    },
  };
}

/** One version folder, asynchronously (the bridge's path for specs without a current table). */
export async function loadSpecVersion(versionDir: string, root?: string): Promise<{ version?: LoadedSpecVersion; diagnostics: Diagnostic[] }> {
  const folder = displayPath(versionDir, root);
  if (!existsSync(versionDir) || !statSync(versionDir).isDirectory()) {
    return { diagnostics: [{ file: folder, line: 1, col: 1, code: 'E_SPEC', message: 'spec folder does not exist' }] };
  }
  const parsed = await parseSpecFiles(listSpecFiles(versionDir));
  return collectVersion(basename(versionDir), folder, parsed, root);
}
