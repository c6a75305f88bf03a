/**
 * @module
 * Reading YAML a client sent, in time linear in its length: one document, nested at most
 * MAX_YAML_DEPTH levels, no anchors or aliases (a billion-laughs file never expands), no
 * duplicate keys. Anything else is a YamlRefusal whose message names the line and column.
 *
 * Why not `parseDocument(text, { uniqueKeys: true })` and `visit`: the library's duplicate check
 * compares each key with every earlier key of its map (20,000 keys took 6.5 s on the server's
 * only thread), and its composer recurses once per level of nesting (1 MiB of `[` ran into the
 * stack limit after ~15 s). Here the lexer's tokens are fed to the parser one by one and the
 * nesting is checked after each, so a deep file stops at the limit; keys are checked with one Set
 * per map in a single walk that uses its own stack.
 *
 * Even linear, the library reads only about 0.5–2 MB/s; lexing and parsing therefore give the
 * event loop a turn every few thousand lexemes, so a large file delays other requests by the
 * composing step alone (the README has the figures).
 */
import { Composer, isAlias, isCollection, isMap, isScalar, Lexer, LineCounter, Parser, YAMLParseError, type CST, type Document, type Node } from 'yaml';

/** Deepest nesting of the parser's stack (collections, and the scalars and pairs inside them). An export needs 6. */
export const MAX_YAML_DEPTH = 32;

/** A file that cannot be read; the message says why and where. */
export class YamlRefusal extends Error {}

export interface SafeDocument {
  doc: Document.Parsed;
  /** The document's root node; null for an empty document. */
  contents: Node | null;
  /** `line L, column C` of an offset in the text. */
  at(offset: number | undefined): string;
}

const OPTIONS = { uniqueKeys: false, prettyErrors: false, strict: true } as const;

class TooDeep extends Error {
  constructor(readonly offset: number) {
    super('too deep');
  }
}

/** Lexemes parsed between two turns of the event loop (a few milliseconds of work). */
const LEXEMES_PER_TURN = 4096;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The parser's top-level tokens, refusing to go deeper than `maxDepth`. Lexing and parsing are
 * most of the work (the composer that follows takes about a fifth), so they let other requests
 * run every LEXEMES_PER_TURN lexemes: the server has one thread.
 */
async function tokens(text: string, parser: Parser, maxDepth: number): Promise<CST.Token[]> {
  const out: CST.Token[] = [];
  let count = 0;
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) out.push(token);
    if (parser.stack.length > maxDepth) throw new TooDeep(parser.offset);
    if (++count % LEXEMES_PER_TURN === 0) await nextTurn();
  }
  for (const token of parser.end()) out.push(token);
  return out;
}

/** Parses `text` as one YAML document; throws YamlRefusal for anything this module refuses. */
export async function parseSafely(text: string, maxDepth = MAX_YAML_DEPTH): Promise<SafeDocument> {
  const lines = new LineCounter();
  const at = (offset: number | undefined) => {
    const { line, col } = lines.linePos(offset ?? 0);
    return `line ${line}, column ${col}`;
  };
  // parseDocument, taken apart so that the nesting is checked while parsing.
  const parser = new Parser(lines.addNewLine);
  lines.addNewLine(0);
  let parsed: CST.Token[];
  try {
    parsed = await tokens(text, parser, maxDepth);
  } catch (error) {
    if (error instanceof TooDeep) throw new YamlRefusal(`The file is nested deeper than ${maxDepth} levels (${at(error.offset)}).`);
    throw error;
  }
  let doc: Document.Parsed | null = null;
  for (const next of new Composer(OPTIONS).compose(parsed, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  const { firstDuplicate, firstAnchor } = walk(doc!.contents);
  const [error] = doc!.errors;
  // The earlier of the parser's first error and the first duplicate key is the one reported.
  if (error && (firstDuplicate === null || error.pos[0] <= firstDuplicate)) throw new YamlRefusal(`Not valid YAML (${at(error.pos[0])}): ${error.message.split('\n')[0]}`);
  if (firstDuplicate !== null) throw new YamlRefusal(`Not valid YAML (${at(firstDuplicate)}): Map keys must be unique`);
  if (firstAnchor !== null) throw new YamlRefusal(`Anchors and aliases are not allowed (${at(firstAnchor)}).`);
  return { doc: doc!, contents: (doc!.contents as Node | null) ?? null, at };
}

/**
 * A map key as the file's reader uses it: a scalar's value as text (`1` and `"1"` are the same
 * name, and so the same key); null for a key that is a list or a mapping.
 */
export function keyName(key: unknown): string | null {
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) return null;
  return key.value === null ? '' : String(key.value);
}

/** Offsets of the first duplicate key and of the first anchor or alias, in one walk of every node. */
function walk(root: unknown): { firstDuplicate: number | null; firstAnchor: number | null } {
  let firstDuplicate: number | null = null;
  let firstAnchor: number | null = null;
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (isAlias(node) || ((isScalar(node) || isCollection(node)) && node.anchor)) {
      const offset = (node as Node).range?.[0] ?? 0;
      if (firstAnchor === null || offset < firstAnchor) firstAnchor = offset;
    }
    if (!isCollection(node)) continue;
    const seen = isMap(node) ? new Set<string>() : null;
    // Children are pushed last first, so they are visited in the order they are written.
    for (let i = node.items.length - 1; i >= 0; i--) {
      const item = node.items[i] as unknown;
      if (seen) {
        const { key, value } = item as { key: unknown; value: unknown };
        stack.push(value, key);
      } else stack.push(item);
    }
    if (!seen) continue;
    for (const item of node.items as { key: unknown }[]) {
      const name = keyName(item.key);
      if (name === null) continue;
      if (seen.has(name)) {
        const offset = (item.key as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
        if (firstDuplicate === null || offset < firstDuplicate) firstDuplicate = offset;
      } else seen.add(name);
    }
  }
  return { firstDuplicate, firstAnchor };
}
