/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * The grid: object types (grouped by app) down and principals across, or switched (principals
 * down, object types across), each cell the letters of the actions held. Only the rows and
 * columns in view (and a margin) are in the DOM, so 200 groups or 1,000 users by every object type
 * render as fast as 10: a scroll re-renders the window in the next frame. Headers stick (CSS). One
 * click handler and one key handler serve every cell: a cell, a row's or a column's button edits;
 * the arrow keys move a roving focus, Enter or Space toggles. Either way a cell is a (principal,
 * object type) pair, so the edits and their labels do not depend on the layout.
 */
import { actionsOf, type Column, type Filters, type Item, type Matrix, type PendingEdits, type Row } from './model.ts';

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

type Cells = { column: string; objectType: string; actions: string[] }[];

export class Grid {
  private items: Item[] = [];
  private columns: Column[] = [];
  /** The object types of `items` (the columns when switched). */
  private types: Row[] = [];
  private switched = false;
  private filters!: Filters;
  /** The focused cell: y down, x across, in the layout shown. */
  private focus = { y: -1, x: 0 };
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
    const switched = filters.layout === 'principals';
    if (switched !== this.switched) {
      this.focus = { y: -1, x: 0 };
      this.wrap.scrollTop = this.wrap.scrollLeft = 0;
    }
    this.matrix = matrix;
    this.items = items;
    this.columns = columns;
    this.types = items.flatMap((i) => (i.kind === 'type' ? [i.row] : []));
    this.switched = switched;
    this.filters = filters;
    if (this.focus.y < 0 || this.focus.y >= this.height || !this.holdsCells(this.focus.y)) this.focus.y = this.firstCellLine();
    this.focus.x = Math.min(this.focus.x, Math.max(0, this.width - 1));
    this.render();
  }

  schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.render()));
  }

  /** Lines down: the items (app headers and object types), or the principals when switched. */
  private get height(): number {
    return this.switched ? this.columns.length : this.items.length;
  }

  /** Lines across: the principals, or the object types when switched. */
  private get width(): number {
    return this.switched ? this.types.length : this.columns.length;
  }

  /** Whether line y holds cells (an app's header line does not). */
  private holdsCells(y: number): boolean {
    return this.switched || this.items[y]?.kind === 'type';
  }

  private firstCellLine(): number {
    for (let y = 0; y < this.height; y++) if (this.holdsCells(y)) return y;
    return -1;
  }

  /** The principal (by its index in `columns`) and object type of the cell at (y, x); null off the cells. */
  private at(y: number, x: number): { index: number; column: Column; row: Row } | null {
    if (this.switched) {
      const column = this.columns[y];
      const row = this.types[x];
      return column && row ? { index: y, column, row } : null;
    }
    const item = this.items[y];
    const column = this.columns[x];
    return item?.kind === 'type' && column ? { index: x, column, row: item.row } : null;
  }

  private cellHtml(y: number, x: number): string {
    const pair = this.at(y, x);
    if (!pair) return '<td class="off" role="gridcell"></td>';
    const { column, row } = pair;
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
    const focused = y === this.focus.y && x === this.focus.x;
    const title = `${column.name} · ${row.object_type}: ${said.length ? said.join(', ') : 'nothing'}`;
    return `<td role="gridcell" data-i="${y}" data-c="${x}"${this.editable ? ' class="edit"' : ''} tabindex="${focused ? 0 : -1}" aria-label="${escape(title)}" title="${escape(title)}">${html}</td>`;
  }

  /** The buttons of a principal: its whole line (row or column) and what it holds. */
  private principalButtons(column: Column, index: number, line: 'row' | 'column'): string {
    const name = escape(column.name);
    const edit = this.editable
      ? `<button type="button" data-${line === 'row' ? 'row' : 'col'}="${index}" aria-label="Grant or revoke the ${line} of ${column.type} ${name}" title="Grant or revoke the whole ${line}">${line === 'row' ? name : '⇅'}</button>`
      : line === 'row' ? name : '';
    const info = `<button type="button" data-principal="${index}" aria-label="What ${column.type} ${name} holds" title="What ${name} holds">i</button>`;
    return line === 'row' ? `${edit} <small>${column.type}</small> ${info}` : `<span class="colname" title="${name}">${name}</span><br>${edit}${info}`;
  }

  private columnHead(x: number): string {
    if (!this.switched) return `<th scope="col" class="${this.columns[x].type}">${this.principalButtons(this.columns[x], x, 'column')}</th>`;
    const row = this.types[x];
    const type = escape(row.object_type);
    const edit = this.editable ? `<br><button type="button" data-col="${x}" aria-label="Grant or revoke the column of ${type}" title="Grant or revoke the whole column">⇅</button>` : '';
    return `<th scope="col" class="type"><span class="colname" title="${escape(row.label)} (${type})">${type}</span>${edit}</th>`;
  }

  private rowHead(y: number): string {
    if (this.switched) return `<th class="rowhead ${this.columns[y].type}" scope="row">${this.principalButtons(this.columns[y], y, 'row')}</th>`;
    const item = this.items[y] as Extract<Item, { kind: 'type' }>;
    const label = `${escape(item.row.label)} <small>${escape(item.row.object_type)}</small>`;
    const head = this.editable
      ? `<button type="button" data-row="${y}" aria-label="Grant or revoke the row of ${escape(item.row.object_type)}" title="Grant or revoke the whole row">${label}</button>`
      : label;
    return `<th class="rowhead" scope="row">${head}</th>`;
  }

  private render(): void {
    const height = this.height;
    const width = this.width;
    const top = Math.max(0, Math.floor(this.wrap.scrollTop / ROW_H) - MARGIN);
    const bottom = Math.min(height, Math.ceil((this.wrap.scrollTop + this.wrap.clientHeight) / ROW_H) + MARGIN);
    const left = Math.max(0, Math.floor(this.wrap.scrollLeft / CELL_W) - MARGIN);
    const right = Math.min(width, Math.ceil((this.wrap.scrollLeft + Math.max(0, this.wrap.clientWidth - LABEL_W)) / CELL_W) + MARGIN);
    const leftPad = left * CELL_W;
    const rightPad = (width - right) * CELL_W;
    const span = right - left + 3;
    const out: string[] = [`<thead><tr><th class="rowhead corner" scope="col">${this.switched ? 'Principal' : 'Object type'}</th>`];
    out.push(`<th class="spacer" style="width:${leftPad}px"></th>`);
    for (let x = left; x < right; x++) out.push(this.columnHead(x));
    out.push(`<th class="spacer" style="width:${rightPad}px"></th></tr></thead><tbody>`);
    if (top > 0) out.push(`<tr aria-hidden="true" style="height:${top * ROW_H}px"><td class="spacer" colspan="${span}"></td></tr>`);
    for (let y = top; y < bottom; y++) {
      const item = this.switched ? null : this.items[y];
      if (item?.kind === 'app') {
        out.push(`<tr class="app"><th class="rowhead" scope="rowgroup">${escape(item.label)}</th><td class="spacer" colspan="${span - 1}"></td></tr>`);
        continue;
      }
      out.push(`<tr>${this.rowHead(y)}<td class="spacer"></td>`);
      for (let x = left; x < right; x++) out.push(this.cellHtml(y, x));
      out.push('<td class="spacer"></td></tr>');
    }
    const after = height - bottom;
    if (after > 0) out.push(`<tr aria-hidden="true" style="height:${after * ROW_H}px"><td class="spacer" colspan="${span}"></td></tr>`);
    out.push('</tbody>');
    this.table.style.width = `${LABEL_W + width * CELL_W}px`;
    this.table.dataset.layout = this.switched ? 'principals' : 'types';
    this.table.setAttribute('aria-rowcount', String(height + 1));
    this.table.setAttribute('aria-colcount', String(width + 1));
    this.table.innerHTML = out.join('');
  }

  /** Every cell of line y (a row's button). */
  private cellsAcross(y: number): Cells {
    const cells: Cells = [];
    for (let x = 0; x < this.width; x++) this.collect(cells, y, x);
    return cells;
  }

  /** Every cell of column x (a column's button). */
  private cellsDown(x: number): Cells {
    const cells: Cells = [];
    for (let y = 0; y < this.height; y++) this.collect(cells, y, x);
    return cells;
  }

  private collect(cells: Cells, y: number, x: number): void {
    const pair = this.at(y, x);
    if (pair) cells.push({ column: pair.column.key, objectType: pair.row.object_type, actions: actionsOf(pair.row, this.filters.action) });
  }

  private editCell(y: number, x: number): void {
    const pair = this.at(y, x);
    if (!this.editable || !pair) return;
    const actions = actionsOf(pair.row, this.filters.action);
    if (actions.length) this.events.edit([{ column: pair.column.key, objectType: pair.row.object_type, actions }]);
  }

  private onClick(event: MouseEvent): void {
    const target = event.target as HTMLElement;
    const button = target.closest('button');
    if (button?.dataset.principal !== undefined) return this.events.principal(this.columns[Number(button.dataset.principal)]);
    if (button?.dataset.row !== undefined && this.editable) return this.events.edit(this.cellsAcross(Number(button.dataset.row)));
    if (button?.dataset.col !== undefined && this.editable) return this.events.edit(this.cellsDown(Number(button.dataset.col)));
    const cell = target.closest('td');
    if (cell?.dataset.i === undefined) return;
    this.focus = { y: Number(cell.dataset.i), x: Number(cell.dataset.c) };
    this.editCell(this.focus.y, this.focus.x);
  }

  private onKey(event: KeyboardEvent): void {
    const cell = (event.target as HTMLElement).closest('td');
    if (cell?.dataset.i === undefined) return;
    let { y, x } = { y: Number(cell.dataset.i), x: Number(cell.dataset.c) };
    const step = (delta: number) => {
      let next = y + delta;
      while (next >= 0 && next < this.height && !this.holdsCells(next)) next += Math.sign(delta);
      if (next >= 0 && next < this.height) y = next;
    };
    switch (event.key) {
      case 'ArrowDown': step(1); break;
      case 'ArrowUp': step(-1); break;
      case 'ArrowRight': x = Math.min(this.width - 1, x + 1); break;
      case 'ArrowLeft': x = Math.max(0, x - 1); break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        this.focus = { y, x };
        this.editCell(y, x);
        this.focusCell();
        return;
      default: return;
    }
    event.preventDefault();
    this.focus = { y, x };
    // Bring the cell into view (the headers stick over the first rows and columns), then render and focus it.
    const top = y * ROW_H;
    if (top < this.wrap.scrollTop) this.wrap.scrollTop = top;
    else if (top + ROW_H + HEAD_H > this.wrap.scrollTop + this.wrap.clientHeight) this.wrap.scrollTop = top + ROW_H + HEAD_H - this.wrap.clientHeight;
    const left = x * CELL_W;
    if (left < this.wrap.scrollLeft) this.wrap.scrollLeft = left;
    else if (left + CELL_W + LABEL_W > this.wrap.scrollLeft + this.wrap.clientWidth) this.wrap.scrollLeft = left + CELL_W + LABEL_W - this.wrap.clientWidth;
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
    this.table.querySelector<HTMLElement>(`td[data-i="${this.focus.y}"][data-c="${this.focus.x}"]`)?.focus();
  }
}
