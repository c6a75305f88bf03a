/**
 * @module
 * export/ (rules §8): the direct `granted` cells of the columns matrix/ would show, as YAML that
 * import/ reads on any server — principals by name (group name, username), never by id:
 *
 *   version: 1
 *   actions: [view, add]
 *   groups:
 *     noc:
 *       dcim.device: [view, add]
 *   users:
 *     alice: {}
 *
 * Every column is listed, even without a granted cell, because import/ makes each principal it
 * names equal to the file. With app_label, the file says so (`app_labels:`) and import/ touches
 * only those apps.
 */
import { Document, isSeq, visit } from 'yaml';
import type { ActionCatalog } from './actions.ts';
import type { CellIndex } from './cells.ts';
import { selectColumns } from './matrixView.ts';
import type { MatrixQuery } from './matrixQuery.ts';
import { displayName, type MatrixState } from './model.ts';
import type { Row } from './rows.ts';

export const EXPORT_VERSION = 1;

export function exportYaml(state: MatrixState, cells: CellIndex, catalog: ActionCatalog, rows: Row[], query: MatrixQuery): string {
  const actions = query.action === '*' ? catalog.list.map((a) => a.name) : [query.action];
  const groups: Record<string, Record<string, string[]>> = {};
  const users: Record<string, Record<string, string[]>> = {};
  for (const principal of selectColumns(state, cells, query)) {
    const granted: Record<string, string[]> = {};
    for (const row of rows) {
      const held = actions.filter((a) => cells.directState(principal, row.object_type, a) === 'granted');
      if (held.length) granted[row.object_type] = held;
    }
    (principal.type === 'group' ? groups : users)[displayName(state, principal)] = granted;
  }
  const content: Record<string, unknown> = { version: EXPORT_VERSION, actions };
  if (query.appLabels) content.app_labels = query.appLabels;
  content.groups = groups;
  content.users = users;
  const doc = new Document(content);
  // Lists of actions read best on one line, as in the rules' example.
  visit(doc, { Seq: (_key, node) => void (isSeq(node) && (node.flow = true)) });
  return doc.toString({ lineWidth: 0 });
}
