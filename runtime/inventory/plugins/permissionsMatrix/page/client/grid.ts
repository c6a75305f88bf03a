/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * The grid: object types (grouped by app) down, principals across, each cell the letters of the
 * actions held. Only the rows and columns in view (and a margin) are in the DOM, so 200 groups or
 * 1,000 users by every object type render as fast as 10: a scroll re-renders the window in the
 * next frame. Headers stick (CSS). One click handler and one key handler serve every cell: a cell,
 * a row's or a column's button edits; the arrow keys move a roving focus, Enter or Space toggles.
 */
import { actionsOf, type Column, type Filters, type Item, type Matrix, type PendingEdits } from './model.ts';

const ROW_H = 24;
const CELL_W = 52;
const LABEL_W = 260;
const HEAD_H = 120;
const MARGIN = 6;

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface GridEvents {
  edit(cells: { column: string; objectType: string; actions: string[] }[]): void;
  principal(column: Column): void;
}

export class Grid {
  private items: Item[] = [];
  private columns: Column[] = [];
  private filters!: Filters;
  private focus = { item: -1, column: 0 };
  private frame = 0;

  constructor(
    private readonly wrap: HTMLElement,
    private readonly table: HTMLTableElement,
    private matrix: Matrix,
    private readonly letters: Map<string, string>,
    private readonly pending: PendingEdits,
    private readonly editable: boolean,
    private readonly events: GridEvents,
  ) {
    wrap.addEventListener('scroll', () => this.schedule(), { passive: true });
    window.addEventListener('resize', () => this.schedule());
    table.addEventListener('click', (event) => this.onClick(event));
    table.addEventListener('keydown', (event) => this.onKey(event));
    table.setAttribute('aria-readonly', String(!editable));
  }

  show(matrix: Matrix, items: Item[], columns: Column[], filters: Filters): void {
    this.matrix = matrix;
    this.items = items;
    this.columns = columns;
    this.filters = filters;
    if (this.focus.item < 0 || this.focus.item >= items.length || items[this.focus.item].kind !== 'type') this.focus.item = items.findIndex((i) => i.kind === 'type');
    this.focus.column = Math.min(this.focus.column, Math.max(0, columns.length - 1));
    this.render();
  }

  schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.render()));
  }

  private cellHtml(item: number, column: Column, columnIndex: number): string {
    const entry = this.items[item];
    if (entry.kind !== 'type') return '<td class="off" role="gridcell"></td>';
    const row = entry.row;
    const actions = actionsOf(row, this.filters.action);
    if (!actions.length) return '<td class="off" role="gridcell" aria-label="not applicable"></td>';
    const cells = this.matrix.cells[column.key]?.[row.object_type];
    let html = '';
    const said: string[] = [];
    for (const action of actions) {
      const letter = escape(this.letters.get(action) ?? action[0]);
      const pending = this.pending.pending(column.key, row.object_type, action);
      const info = cells?.[action];
      if (pending !== undefined) {
        html += pending ? `<span class="pend-grant">+${letter}</span>` : `<span class="pend-revoke">${letter}</span>`;
        said.push(`${action} ${pending ? 'to grant' : 'to revoke'}`);
      } else if (info && info.state !== 'none') {
        html += `<span class="st-${info.state}">${letter}</span>`;
        said.push(`${action} ${info.state}`);
      } else if (info?.inherited && info.inherited.state !== 'none') {
        html += `<span class="st-inherited">${letter}</span>`;
        said.push(`${action} inherited from ${info.inherited.groups.join(', ')}`);
      }
    }
    const focused = item === this.focus.item && columnIndex === this.focus.column;
    const title = `${column.name} · ${row.object_type}: ${said.length ? said.join(', ') : 'nothing'}`;
    return `<td role="gridcell" data-i="${item}" data-c="${columnIndex}"${this.editable ? ' class="edit"' : ''} tabindex="${focused ? 0 : -1}" aria-label="${escape(title)}" title="${escape(title)}">${html}</td>`;
  }

  private render(): void {
    const { items, columns } = this;
    const top = Math.max(0, Math.floor(this.wrap.scrollTop / ROW_H) - MARGIN);
    const bottom = Math.min(items.length, Math.ceil((this.wrap.scrollTop + this.wrap.clientHeight) / ROW_H) + MARGIN);
    const left = Math.max(0, Math.floor(this.wrap.scrollLeft / CELL_W) - MARGIN);
    const right = Math.min(columns.length, Math.ceil((this.wrap.scrollLeft + Math.max(0, this.wrap.clientWidth - LABEL_W)) / CELL_W) + MARGIN);
    const leftPad = left * CELL_W;
    const rightPad = (columns.length - right) * CELL_W;
    const span = right - left + 3;
    const out: string[] = ['<thead><tr><th class="rowhead corner" scope="col">Object type</th>'];
    out.push(`<th class="spacer" style="width:${leftPad}px"></th>`);
    for (let c = left; c < right; c++) {
      const column = columns[c];
      const edit = this.editable ? `<button type="button" data-col="${c}" aria-label="Grant or revoke the column of ${column.type} ${escape(column.name)}" title="Grant or revoke the whole column">⇅</button>` : '';
      out.push(`<th scope="col" class="${column.type}"><span class="colname" title="${escape(column.name)}">${escape(column.name)}</span><br>${edit}<button type="button" data-principal="${c}" aria-label="What ${column.type} ${escape(column.name)} holds" title="What ${escape(column.name)} holds">i</button></th>`);
    }
    out.push(`<th class="spacer" style="width:${rightPad}px"></th></tr></thead><tbody>`);
    if (top > 0) out.push(`<tr aria-hidden="true" style="height:${top * ROW_H}px"><td class="spacer" colspan="${span}"></td></tr>`);
    for (let i = top; i < bottom; i++) {
      const item = items[i];
      if (item.kind === 'app') {
        out.push(`<tr class="app"><th class="rowhead" scope="rowgroup">${escape(item.label)}</th><td class="spacer" colspan="${span - 1}"></td></tr>`);
        continue;
      }
      const label = `${escape(item.row.label)} <small>${escape(item.row.object_type)}</small>`;
      const head = this.editable
        ? `<button type="button" data-row="${i}" aria-label="Grant or revoke the row of ${escape(item.row.object_type)}" title="Grant or revoke the whole row">${label}</button>`
        : label;
      out.push(`<tr><th class="rowhead" scope="row">${head}</th><td class="spacer"></td>`);
      for (let c = left; c < right; c++) out.push(this.cellHtml(i, columns[c], c));
      out.push('<td class="spacer"></td></tr>');
    }
    const after = items.length - bottom;
    if (after > 0) out.push(`<tr aria-hidden="true" style="height:${after * ROW_H}px"><td class="spacer" colspan="${span}"></td></tr>`);
    out.push('</tbody>');
    this.table.style.width = `${LABEL_W + columns.length * CELL_W}px`;
    this.table.setAttribute('aria-rowcount', String(items.length + 1));
    this.table.setAttribute('aria-colcount', String(columns.length + 1));
    this.table.innerHTML = out.join('');
  }

  private cellsOfRow(item: number) {
    const entry = this.items[item];
    if (entry.kind !== 'type') return [];
    const actions = actionsOf(entry.row, this.filters.action);
    return this.columns.map((column) => ({ column: column.key, objectType: entry.row.object_type, actions }));
  }

  private cellsOfColumn(column: number) {
    const key = this.columns[column].key;
    return this.items.flatMap((entry) => (entry.kind === 'type' ? [{ column: key, objectType: entry.row.object_type, actions: actionsOf(entry.row, this.filters.action) }] : []));
  }

  private editCell(item: number, column: number): void {
    const entry = this.items[item];
    if (!this.editable || entry?.kind !== 'type') return;
    const actions = actionsOf(entry.row, this.filters.action);
    if (actions.length) this.events.edit([{ column: this.columns[column].key, objectType: entry.row.object_type, actions }]);
  }

  private onClick(event: MouseEvent): void {
    const target = event.target as HTMLElement;
    const button = target.closest('button');
    if (button?.dataset.principal !== undefined) return this.events.principal(this.columns[Number(button.dataset.principal)]);
    if (button?.dataset.row !== undefined && this.editable) return this.events.edit(this.cellsOfRow(Number(button.dataset.row)));
    if (button?.dataset.col !== undefined && this.editable) return this.events.edit(this.cellsOfColumn(Number(button.dataset.col)));
    const cell = target.closest('td');
    if (cell?.dataset.i === undefined) return;
    this.focus = { item: Number(cell.dataset.i), column: Number(cell.dataset.c) };
    this.editCell(this.focus.item, this.focus.column);
  }

  private onKey(event: KeyboardEvent): void {
    const cell = (event.target as HTMLElement).closest('td');
    if (cell?.dataset.i === undefined) return;
    let { item, column } = { item: Number(cell.dataset.i), column: Number(cell.dataset.c) };
    const step = (delta: number) => {
      let next = item + delta;
      while (next >= 0 && next < this.items.length && this.items[next].kind !== 'type') next += Math.sign(delta);
      if (next >= 0 && next < this.items.length) item = next;
    };
    switch (event.key) {
      case 'ArrowDown': step(1); break;
      case 'ArrowUp': step(-1); break;
      case 'ArrowRight': column = Math.min(this.columns.length - 1, column + 1); break;
      case 'ArrowLeft': column = Math.max(0, column - 1); break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        this.focus = { item, column };
        this.editCell(item, column);
        this.focusCell();
        return;
      default: return;
    }
    event.preventDefault();
    this.focus = { item, column };
    // Bring the cell into view (the headers stick over the first rows and columns), then render and focus it.
    const y = item * ROW_H;
    if (y < this.wrap.scrollTop) this.wrap.scrollTop = y;
    else if (y + ROW_H + HEAD_H > this.wrap.scrollTop + this.wrap.clientHeight) this.wrap.scrollTop = y + ROW_H + HEAD_H - this.wrap.clientHeight;
    const x = column * CELL_W;
    if (x < this.wrap.scrollLeft) this.wrap.scrollLeft = x;
    else if (x + CELL_W + LABEL_W > this.wrap.scrollLeft + this.wrap.clientWidth) this.wrap.scrollLeft = x + CELL_W + LABEL_W - this.wrap.clientWidth;
    this.render();
    this.focusCell();
  }

  /** Re-renders (after an edit) and puts the keyboard focus back on the focused cell. */
  refresh(): void {
    const hadFocus = this.table.contains(document.activeElement);
    this.render();
    if (hadFocus) this.focusCell();
  }

  private focusCell(): void {
    this.table.querySelector<HTMLElement>(`td[data-i="${this.focus.item}"][data-c="${this.focus.column}"]`)?.focus();
  }
}
