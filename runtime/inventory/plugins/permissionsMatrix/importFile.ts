/**
 * @module
 * The file import/ reads (rules §8), checked for its shape: a mapping of `version`, `actions`,
 * optionally `app_labels`, and `groups` and `users`, each a mapping of principal names to
 * mappings of object types to lists of actions. Read safely (safeYaml.ts) and within limits: at
 * most 1 MiB of text and 100,000 cells. A file that cannot be read is a 400 `{"yaml": ["…"]}`;
 * YAML errors say where. The nodes are read directly, once each: no conversion of the whole
 * document to JavaScript first.
 */
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import { badRequest } from '../../../rest/index.ts';
import { EXPORT_VERSION } from './exportYaml.ts';
import { keyName, parseSafely, YamlRefusal, type SafeDocument } from './safeYaml.ts';

export const MAX_BYTES = 1024 * 1024;
export const MAX_CELLS = 100_000;

export interface ImportedFile {
  actions: string[];
  appLabels: string[] | null;
  /** Section (groups/users) → principal name → object type → actions. */
  groups: Map<string, Map<string, string[]>>;
  users: Map<string, Map<string, string[]>>;
}

const TOP_KEYS = new Set(['version', 'actions', 'app_labels', 'groups', 'users']);

const refuse = (message: string) => badRequest({ yaml: [message] });

/** An absent value, `~`, `null` or nothing at all after the colon. */
const isNull = (node: unknown) => node === null || node === undefined || (isScalar(node) && node.value === null);

/** The strings of a list of strings; null when `node` is anything else. */
function strings(node: unknown): string[] | null {
  if (!isSeq(node)) return null;
  const out: string[] = [];
  for (const item of node.items) {
    if (!isScalar(item) || typeof item.value !== 'string') return null;
    out.push(item.value);
  }
  return out;
}

/** The pairs of a mapping by name; a key that is a list or mapping is refused where it stands. */
function entries(map: YAMLMap, file: SafeDocument): [string, unknown][] {
  return map.items.map((pair) => {
    const name = keyName(pair.key);
    if (name === null) throw refuse(`Keys must be names, not lists or mappings (${file.at((pair.key as Node).range?.[0])}).`);
    return [name, pair.value];
  });
}

/** Reads and checks the text of an export; throws 400 for anything but a well-formed file. */
export async function readImportFile(text: unknown): Promise<ImportedFile> {
  if (text === undefined || text === null) throw refuse('This field is required.');
  if (typeof text !== 'string') throw refuse('Not a valid string.');
  if (!text.trim()) throw refuse('This field may not be blank.');
  if (Buffer.byteLength(text, 'utf8') > MAX_BYTES) throw refuse(`The file is larger than 1 MiB (${MAX_BYTES} bytes).`);
  let file: SafeDocument;
  try {
    file = await parseSafely(text);
  } catch (error) {
    if (error instanceof YamlRefusal) throw refuse(error.message);
    throw error;
  }
  if (!isMap(file.contents)) throw refuse('The file must be a mapping with version, actions, groups and users.');
  const top = new Map(entries(file.contents, file));
  const unknown = [...top.keys()].filter((k) => !TOP_KEYS.has(k));
  if (unknown.length) throw refuse(`Unknown key(s): ${unknown.join(', ')}.`);
  const version = top.get('version');
  if (!isScalar(version) || version.value !== EXPORT_VERSION) {
    const said = version === undefined || version === null ? null : (version as Node).toJS(file.doc, { maxAliasCount: 0 });
    throw refuse(`version must be ${EXPORT_VERSION} (this file says ${JSON.stringify(said ?? null)}).`);
  }
  const actions = strings(top.get('actions'));
  if (!actions?.length) throw refuse('actions must be a list of action names.');
  const appLabels = top.has('app_labels') ? strings(top.get('app_labels')) : null;
  if (top.has('app_labels') && !appLabels) throw refuse('app_labels must be a list of app labels.');
  let cells = 0;
  const section = (name: 'groups' | 'users') => {
    const value = top.get(name);
    const out = new Map<string, Map<string, string[]>>();
    if (isNull(value)) return out;
    if (!isMap(value)) throw refuse(`${name} must be a mapping of names to their object types.`);
    for (const [principal, types] of entries(value, file)) {
      const byType = new Map<string, string[]>();
      if (!isNull(types) && !isMap(types)) throw refuse(`${name}.${principal} must be a mapping of object types to lists of actions.`);
      for (const [type, held] of isMap(types) ? entries(types, file) : []) {
        const list = isNull(held) ? [] : strings(held);
        if (!list) throw refuse(`${name}.${principal}.${type} must be a list of actions.`);
        cells += list.length;
        if (cells > MAX_CELLS) throw refuse(`The file lists more than ${MAX_CELLS} cells.`);
        byType.set(type, list);
      }
      out.set(principal, byType);
    }
    return out;
  };
  return { actions: [...new Set(actions)], appLabels, groups: section('groups'), users: section('users') };
}
