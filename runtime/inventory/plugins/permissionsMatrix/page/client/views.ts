/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * The plan's diff (plan/ and revert/ responses: each permission created, updated or deleted, what
 * changes in it, whom it affects and why) and the principal view (principal/: what one group or
 * user holds on each object type, and its warnings). Text goes in through textContent only.
 */

interface Principal { type: string; id: number | null; name: string }
interface Permission { name: string; enabled: boolean; constrained: boolean; actions: string[]; object_types: string[]; constraints: unknown; principals: Principal[] }
interface Operation { op: string; key: string; before: Permission | null; after: Permission | null; affects: Principal[]; reasons: string[] }

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/** One field's difference as removed and added items (or the value when it did not change). */
function listDiff(label: string, before: string[] | undefined, after: string[] | undefined): HTMLElement | null {
  const old = new Set(before ?? []);
  const now = new Set(after ?? []);
  const line = el('div');
  line.append(`${label}: `);
  const removed = [...old].filter((x) => !now.has(x));
  const added = [...now].filter((x) => !old.has(x));
  const kept = [...now].filter((x) => old.has(x));
  if (!removed.length && !added.length && before && after) {
    line.append(kept.join(', ') || '—');
    return line;
  }
  for (const x of removed) line.append(el('del', `−${x}`), ' ');
  for (const x of added) line.append(el('ins', `+${x}`), ' ');
  if (kept.length) line.append(`(kept: ${kept.join(', ')})`);
  return line;
}

const who = (p: Principal) => `${p.type} ${p.name}`;

export function renderPlan(target: HTMLElement, plan: { warnings: string[]; operations: Operation[] }, title: string): void {
  target.textContent = '';
  target.append(el('h3', `${title}: ${plan.operations.length} operation${plan.operations.length === 1 ? '' : 's'}`));
  if (!plan.operations.length) target.append(el('p', 'Nothing to change: the matrix already holds this.'));
  for (const warning of plan.warnings) target.append(el('p', `Warning: ${warning}`, 'warn'));
  for (const op of plan.operations) {
    const box = el('div', undefined, 'op');
    box.dataset.op = op.op;
    const name = (op.after ?? op.before)!.name;
    box.append(el('h3', `${op.op} ${op.before && op.after && op.before.name !== op.after.name ? `${op.before.name} → ${op.after.name}` : name}`));
    const b = op.before ?? undefined;
    const a = op.after ?? undefined;
    for (const line of [
      listDiff('actions', b?.actions, a?.actions),
      listDiff('object types', b?.object_types, a?.object_types),
      listDiff('assigned to', b?.principals.map(who), a?.principals.map(who)),
    ]) if (line) box.append(line);
    if (b && a && b.enabled !== a.enabled) box.append(el('div', `enabled: ${b.enabled} → ${a.enabled}`));
    if (JSON.stringify(b?.constraints ?? null) !== JSON.stringify(a?.constraints ?? null)) box.append(el('div', `constraints: ${JSON.stringify(b?.constraints ?? null)} → ${JSON.stringify(a?.constraints ?? null)}`));
    if (op.affects.length) box.append(el('div', `affects: ${op.affects.map(who).join(', ')}`));
    const reasons = el('ul');
    for (const reason of op.reasons) reasons.append(el('li', reason));
    box.append(reasons);
    target.append(box);
  }
}

export function renderPrincipal(target: HTMLElement, view: any, letters: Map<string, string>): void {
  target.textContent = '';
  for (const warning of view.warnings ?? []) target.append(el('p', `Warning: ${warning}`, 'warn'));
  const actions: string[] = view.actions.map((a: { name: string }) => a.name);
  const table = el('table', undefined, 'principal');
  const head = table.createTHead().insertRow();
  head.append(el('th', 'Object type'));
  for (const action of actions) head.append(el('th', `${action} (${letters.get(action) ?? ''})`));
  head.append(el('th', 'through'));
  const body = table.createTBody();
  let shown = 0;
  for (const row of view.rows as { object_type: string; label: string }[]) {
    const cells = view.cells[row.object_type] as Record<string, { state: string; perms: { name: string }[]; inherited?: { state: string; groups: string[] } }> | undefined;
    if (!cells) continue;
    shown++;
    const tr = body.insertRow();
    tr.append(el('th', row.object_type));
    const through = new Set<string>();
    for (const action of actions) {
      const cell = cells[action];
      const td = tr.insertCell();
      if (!cell) continue;
      if (cell.state !== 'none') td.append(el('span', cell.state, `st-${cell.state}`));
      else if (cell.inherited && cell.inherited.state !== 'none') td.append(el('span', `${cell.inherited.state} (group)`, 'st-inherited'));
      for (const p of cell.perms) through.add(p.name);
      for (const g of cell.inherited?.groups ?? []) through.add(`group ${g}`);
    }
    tr.append(el('td', [...through].join(', ')));
  }
  target.append(shown ? table : el('p', 'Holds nothing, directly or through a group.'));
}
