/**
 * @module
 * The pipeline's stages for generate --watch: the same stages as a one-shot run, but each input
 * is kept while its content is unchanged — a definitions file's parse, the compiled templates,
 * the bridge IR of specs/ (whose parse needs a worker and swagger-parser) — and each emitter's
 * files while its input is unchanged (memoEmitters.ts). Contents are compared, not watch
 * events, so a coalesced or missed event cannot leave a stale input behind.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { startBridgeFromSpecs, type PendingBridge } from '../ir/bridge/bridgeFromSpecs.ts';
import type { BridgeIR } from '../ir/bridge/types.ts';
import { parseYamlSource } from '../load/yamlSource.ts';
import { buildProjectIR, emitAll, type PipelineStages, type ProjectPaths } from '../pipeline.ts';
import { compileTemplates, readTemplateSources, type Templates } from '../templates.ts';
import { memoEmitters } from './memoEmitters.ts';

/** A hash of every file's path and bytes below `dir` (empty when it does not exist). */
export function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) hash.update(`${full}\0`).update(readFileSync(full)).update('\0');
    }
  };
  if (existsSync(dir)) walk(dir);
  return hash.digest('hex');
}

export function warmStages(): PipelineStages {
  const parsed = new Map<string, { text: string; result: ReturnType<typeof parseYamlSource> }>();
  const parseYaml: typeof parseYamlSource = (file, text) => {
    const kept = parsed.get(file);
    if (kept?.text === text) return kept.result;
    const result = parseYamlSource(file, text);
    parsed.set(file, { text, result });
    return result;
  };

  let bridge: { fingerprint: string; result: { ir: BridgeIR; diagnostics: Diagnostic[] } } | undefined;
  const startBridge = (paths: ProjectPaths): PendingBridge => {
    const fingerprint = folderFingerprint(paths.specs);
    const kept = bridge;
    if (kept?.fingerprint === fingerprint) return { finish: () => kept.result };
    const pending = startBridgeFromSpecs(paths.specs, paths.root);
    return {
      finish: () => {
        const result = pending.finish();
        bridge = { fingerprint, result };
        return result;
      },
    };
  };

  let templates: { sources: string; compiled: Templates } | undefined;
  const loadTemplates = (dir: string): Templates => {
    const sources = readTemplateSources(dir);
    const key = JSON.stringify(sources);
    if (templates?.sources !== key) templates = { sources: key, compiled: compileTemplates(sources) };
    return templates.compiled;
  };

  const emitters = memoEmitters();
  return {
    buildProjectIR: (paths) => buildProjectIR(paths, { parseYaml, startBridge }),
    emitAll: (paths, ir) => emitAll(paths, ir, loadTemplates(paths.templates), emitters),
  };
}
