/**
 * @module
 * import/ (rules §8): a file made by export/ becomes the changes that make each principal it
 * names hold exactly the granted cells it lists, for the actions it lists (grants, and revokes of
 * granted cells it leaves out); principals it does not name are not touched. Nothing is written.
 *
 * The text is read safely: at most 1 MiB and 100,000 cells, one document, no anchors or aliases
 * (a billion-laughs file never expands), duplicate keys refused. A file that cannot be read at
 * all is a 400 `{"yaml": ["…"]}` with the line and column; entries naming unknown groups, users,
 * object types or actions are skipped and listed in `errors`; cells that are constrained or
 * disabled are left unchanged and listed in `warnings` (a grant would widen a permission an
 * administrator wrote).
 */
import { isAlias, isCollection, isScalar, LineCounter, parseDocument, visit, type Node } from 'yaml';
import { badRequest } from '../../../rest/index.ts';
import { ACTION_NAME, type ActionCatalog } from './actions.ts';
import type { CellIndex } from './cells.ts';
import type { Change } from './changeSet.ts';
import { visible, type MatrixState, type PrincipalRef } from './model.ts';
import { EXPORT_VERSION } from './exportYaml.ts';
import type { Row } from './rows.ts';

export const MAX_BYTES = 1024 * 1024;
export const MAX_CELLS = 100_000;

export interface ImportedFile {
  actions: string[];
  appLabels: string[] | null;
  /** Section (groups/users) → principal name → object type → actions. */
  groups: Map<string, Map<string, string[]>>;
  users: Map<string, Map<string, string[]>>;
}

const refuse = (message: string) => badRequest({ yaml: [message] });

/** Reads and checks the text of an export; throws 400 for anything but a well-formed file. */
export function readImportFile(text: unknown): ImportedFile {
  if (text === undefined || text === null) throw refuse('This field is required.');
  if (typeof text !== 'string') throw refuse('Not a valid string.');
  if (!text.trim()) throw refuse('This field may not be blank.');
  if (Buffer.byteLength(text, 'utf8') > MAX_BYTES) throw refuse(`The file is larger than 1 MiB (${MAX_BYTES} bytes).`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, strict: true });
  const at = (offset: number | undefined) => {
    const { line, col } = lines.linePos(offset ?? 0);
    return `line ${line}, column ${col}`;
  };
  if (doc.errors.length) {
    const [error] = doc.errors;
    throw refuse(`Not valid YAML (${at(error.pos[0])}): ${error.message.split('\n')[0]}`);
  }
  let anchored: Node | null = null;
  visit(doc, (_key, node) => {
    if (isAlias(node) || ((isScalar(node) || isCollection(node)) && node.anchor)) {
      anchored = node as Node;
      return visit.BREAK;
    }
    return undefined;
  });
  if (anchored) throw refuse(`Anchors and aliases are not allowed (${at((anchored as Node).range?.[0])}).`);
  const content: unknown = doc.toJS({ maxAliasCount: 0 });
  if (!content || typeof content !== 'object' || Array.isArray(content)) throw refuse('The file must be a mapping with version, actions, groups and users.');
  const top = content as Record<string, unknown>;
  const unknown = Object.keys(top).filter((k) => !['version', 'actions', 'app_labels', 'groups', 'users'].includes(k));
  if (unknown.length) throw refuse(`Unknown key(s): ${unknown.join(', ')}.`);
  if (top.version !== EXPORT_VERSION) throw refuse(`version must be ${EXPORT_VERSION} (this file says ${JSON.stringify(top.version ?? null)}).`);
  if (!Array.isArray(top.actions) || !top.actions.length || !top.actions.every((a) => typeof a === 'string')) throw refuse('actions must be a list of action names.');
  if (top.app_labels !== undefined && (!Array.isArray(top.app_labels) || !top.app_labels.every((a) => typeof a === 'string'))) throw refuse('app_labels must be a list of app labels.');
  let cells = 0;
  const section = (name: 'groups' | 'users') => {
    const value = top[name];
    const out = new Map<string, Map<string, string[]>>();
    if (value === undefined || value === null) return out;
    if (typeof value !== 'object' || Array.isArray(value)) throw refuse(`${name} must be a mapping of names to their object types.`);
    for (const [principal, types] of Object.entries(value as Record<string, unknown>)) {
      const byType = new Map<string, string[]>();
      if (types !== null && (typeof types !== 'object' || Array.isArray(types))) throw refuse(`${name}.${principal} must be a mapping of object types to lists of actions.`);
      for (const [type, actions] of Object.entries((types ?? {}) as Record<string, unknown>)) {
        if (actions !== null && (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string'))) throw refuse(`${name}.${principal}.${type} must be a list of actions.`);
        const list = (actions ?? []) as string[];
        cells += list.length;
        if (cells > MAX_CELLS) throw refuse(`The file lists more than ${MAX_CELLS} cells.`);
        byType.set(type, list);
      }
      out.set(principal, byType);
    }
    return out;
  };
  return { actions: [...new Set(top.actions as string[])], appLabels: (top.app_labels as string[] | undefined) ?? null, groups: section('groups'), users: section('users') };
}

export interface ImportResult {
  changes: (Change & { name: string })[];
  warnings: string[];
  errors: string[];
}

/** The changes that make every principal the file names hold what it lists. */
export function importChanges(file: ImportedFile, state: MatrixState, cells: CellIndex, catalog: ActionCatalog, rows: Row[]): ImportResult {
  const result: ImportResult = { changes: [], warnings: [], errors: [] };
  const types = new Set(rows.map((r) => r.object_type));
  const apps = new Set(rows.map((r) => r.app_label));
  for (const label of file.appLabels ?? []) if (!apps.has(label)) result.errors.push(`app_labels: unknown app "${label}"; skipped.`);
  const actions = file.actions.filter((a) => {
    if (ACTION_NAME.test(a)) return true;
    result.errors.push(`actions: "${a}" is not a valid action name; skipped.`);
    return false;
  });
  const scope = rows.filter((r) => !file.appLabels || file.appLabels.includes(r.app_label));
  const byName = {
    group: new Map([...state.groups.values()].filter((g) => visible(state, { type: 'group', id: g.id })).map((g) => [g.name, g.id])),
    user: new Map([...state.users.values()].filter((u) => visible(state, { type: 'user', id: u.id })).map((u) => [u.username, u.id])),
  };
  for (const [section, type] of [['groups', 'group'], ['users', 'user']] as const) {
    for (const [name, listed] of file[section]) {
      const id = byName[type].get(name);
      if (id === undefined) {
        result.errors.push(`${section}.${name}: unknown ${type}; skipped.`);
        continue;
      }
      const principal: PrincipalRef = { type, id };
      const wanted = new Set<string>();
      for (const [objectType, held] of listed) {
        if (!types.has(objectType)) {
          result.errors.push(`${section}.${name}.${objectType}: unknown object type; skipped.`);
          continue;
        }
        for (const action of held) {
          if (!actions.includes(action)) result.errors.push(`${section}.${name}.${objectType}: "${action}" is not among the file's actions; skipped.`);
          else if (!catalog.applies(action, objectType)) result.errors.push(`${section}.${name}.${objectType}: action "${action}" does not apply to ${objectType}; skipped.`);
          else wanted.add(`${objectType}|${action}`);
        }
      }
      for (const row of scope) {
        for (const action of actions) {
          if (!catalog.applies(action, row.object_type)) continue;
          const want = wanted.has(`${row.object_type}|${action}`);
          const now = cells.directState(principal, row.object_type, action);
          if (want && (now === 'constrained' || now === 'disabled')) result.warnings.push(`${name}: ${action} on ${row.object_type} is ${now}; left unchanged (a grant would widen a permission an administrator wrote).`);
          else if (want && now === 'none') result.changes.push({ principal, object_type: row.object_type, action, granted: true, name });
          else if (!want && now === 'granted') result.changes.push({ principal, object_type: row.object_type, action, granted: false, name });
        }
      }
    }
  }
  return result;
}
