/**
 * @module
 * Parses one YAML file and keeps what diagnostics need: the document's node ranges and a line
 * counter, so that any value path can be turned back into `file:line:col`.
 */
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { Diagnostic, DiagnosticCode } from '../diagnostics.ts';
import { yamlDiagnostics } from './yamlErrors.ts';

export type PathKey = string | number;

export interface YamlSource {
  /** Path as shown in diagnostics (relative to the project root). */
  file: string;
  value: unknown;
  /** Position of the node at `path`; a missing key points at its parent, as far up as exists. */
  locate(path: readonly PathKey[]): { line: number; col: number };
  /** Position of the key itself (for unknown keys), falling back to the value's position. */
  locateKey(path: readonly PathKey[]): { line: number; col: number };
  diagnostic(path: readonly PathKey[], code: DiagnosticCode, message: string, atKey?: boolean): Diagnostic;
}

export function parseYamlSource(file: string, text: string): { source: YamlSource; errors: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, col };
  };
  const errors = yamlDiagnostics(file, text, doc.errors, lineCounter);

  const nodeAt = (path: readonly PathKey[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node && typeof node === 'object' && node.range) return node;
    }
    return (doc.contents ?? undefined) as { range?: [number, number, number] } | undefined;
  };
  const locate = (path: readonly PathKey[]) => position(nodeAt(path)?.range?.[0] ?? 0);
  const locateKey = (path: readonly PathKey[]) => {
    const parent = doc.getIn(path.slice(0, -1), true);
    if (isMap(parent)) {
      const last = path[path.length - 1];
      const pair = parent.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === last);
      const key = pair && isScalar(pair.key) ? pair.key : undefined;
      if (key?.range) return position(key.range[0]);
    }
    return locate(path);
  };
  const source: YamlSource = {
    file,
    value: errors.length ? undefined : (doc as Document).toJS(),
    locate,
    locateKey,
    diagnostic: (path, code, message, atKey = false) => ({ file, ...(atKey ? locateKey(path) : locate(path)), code, message }),
  };
  return { source, errors };
}
