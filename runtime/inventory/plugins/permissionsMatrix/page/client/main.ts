/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * The page's script: signs in with an API token (a session's sign-in is the server's form),
 * loads the matrix once for every action (matrix/?action=*&include_users=true) and shows it
 * through the filters, collects clicks as pending edits, and sends them to plan/ (the diff is
 * shown) and apply/ with the plan's token; revert/, principal/, export/ and import/ as the API
 * has them. A caller who may not edit (`can_edit` false) gets no edit control at all.
 */
import { assignLetters } from '../../actions.ts';
import { ApiFailure, call, csrfToken, forgetToken, rememberToken, sessionUser, storedToken } from './api.ts';
import { Grid } from './grid.ts';
import { PendingEdits, visibleColumns, visibleItems, type Change, type Column, type Filters, type Matrix } from './model.ts';
import { renderPlan, renderPrincipal } from './views.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

function notice(text: string, ok = false): void {
  const box = $('notice');
  box.textContent = text;
  box.classList.toggle('ok', ok);
  box.hidden = !text;
}

const failure = (what: string, error: unknown) => (error instanceof ApiFailure ? `${what} refused (HTTP ${error.status}): ${error.message}` : `${what} failed: ${(error as Error).message}`);

interface PlannedBody { changes?: Change[]; revert?: unknown }

class Page {
  private matrix!: Matrix;
  private pending!: PendingEdits;
  private grid!: Grid;
  private letters = new Map<string, string>();
  private planned: { body: PlannedBody; token: string } | null = null;
  private withUsers: Promise<Matrix> | null = null;
  private generation = 0;

  filters(): Filters {
    return {
      action: $<HTMLSelectElement>('action').value,
      columns: $<HTMLSelectElement>('columns').value as Filters['columns'],
      app: $<HTMLSelectElement>('app-filter').value,
      type: $<HTMLInputElement>('type-filter').value,
      principal: $<HTMLInputElement>('principal-filter').value,
      layout: $<HTMLSelectElement>('layout').value as Filters['layout'],
    };
  }

  /**
   * The group columns first (what the page shows at first: interactive sooner); the matrix with
   * the users' columns is asked for by loadUsers once that is drawn, so the two responses do not
   * compete for the server and the browser while the first grid is being made.
   */
  private async load(): Promise<void> {
    ++this.generation;
    this.matrix = await call<Matrix>('GET', 'matrix/?action=*');
  }

  /** The matrix with the users' columns, in the background; it replaces the one shown when it comes. */
  private loadUsers(): void {
    const generation = this.generation;
    this.withUsers = call<Matrix>('GET', 'matrix/?action=*&include_users=true').then((full) => {
      // A later load (after an apply) supersedes this one.
      if (generation !== this.generation) return full;
      this.matrix = full;
      document.documentElement.dataset.users = String(generation);
      this.pending.rebase(full);
      this.draw();
      return full;
    });
    this.withUsers.catch((error) => notice(failure('Loading the users\' columns', error)));
  }

  async start(): Promise<void> {
    await this.load();
    this.letters = assignLetters(this.matrix.actions.map((a) => a.name));
    const action = $<HTMLSelectElement>('action');
    for (const a of this.matrix.actions) action.add(new Option(`${a.label} (${this.letters.get(a.name)})`, a.name));
    const apps = $<HTMLSelectElement>('app-filter');
    for (const [label, name] of new Map(this.matrix.rows.map((r) => [r.app_label, r.app_name]))) apps.add(new Option(name, label));
    $('letters').textContent = ` · letters: ${this.matrix.actions.map((a) => `${this.letters.get(a.name)} ${a.name}`).join(', ')}`;
    this.pending ??= new PendingEdits(this.matrix);
    const editable = this.matrix.can_edit;
    this.grid = new Grid($('grid-wrap'), $<HTMLTableElement>('grid'), this.matrix, this.letters, this.pending, editable, {
      edit: (cells) => this.edited(() => this.pending.toggle(cells)),
      principal: (column) => void this.showPrincipal(column),
    });
    for (const id of ['action', 'columns', 'layout', 'app-filter']) $(id).addEventListener('change', () => this.draw());
    for (const id of ['type-filter', 'principal-filter']) $(id).addEventListener('input', () => this.draw());
    $('controls').addEventListener('submit', (e) => e.preventDefault());
    $('export').addEventListener('click', () => void this.exportYaml());
    $('principal-close').addEventListener('click', () => ($('principal').hidden = true));
    if (editable) {
      $('editor').hidden = false;
      $('plan').addEventListener('click', () => void this.plan());
      $('apply').addEventListener('click', () => void this.apply());
      $('discard').addEventListener('click', () => this.edited(() => this.pending.wanted.clear()));
      $('revert').addEventListener('click', () => void this.revert());
      $('import').addEventListener('click', () => void this.importYaml());
    } else {
      $('editor').remove();
      $('status').textContent = 'Read-only: you may view the matrix but not change it.';
    }
    this.draw();
    performance.mark('matrix-interactive');
    document.documentElement.dataset.ready = 'true';
    this.loadUsers();
  }

  draw(): void {
    const filters = this.filters();
    if (filters.columns !== 'groups' && !this.matrix.columns.some((c) => c.type === 'user')) $('status').textContent = 'Loading the users\' columns…';
    else if ($('status').textContent === 'Loading the users\' columns…') $('status').textContent = '';
    const items = visibleItems(this.matrix, filters);
    const columns = visibleColumns(this.matrix, filters);
    this.grid.show(this.matrix, items, columns, filters);
    if (this.matrix.can_edit) this.showPending();
  }

  private edited(change: () => void): void {
    change();
    this.planned = null;
    $('plan-view').textContent = '';
    this.grid.refresh();
    this.showPending();
  }

  private showPending(): void {
    const n = this.pending.size;
    $('pending-count').textContent = n ? `${n} pending cell change${n === 1 ? '' : 's'}.` : 'No pending changes.';
    $<HTMLButtonElement>('plan').disabled = !n;
    $<HTMLButtonElement>('discard').disabled = !n;
    $<HTMLButtonElement>('apply').disabled = !this.planned;
  }

  private async reload(): Promise<void> {
    this.pending.wanted.clear();
    await this.load();
    this.pending.rebase(this.matrix);
    this.planned = null;
    this.draw();
    this.loadUsers();
  }

  private async showPlan(body: PlannedBody, title: string): Promise<void> {
    const plan = await call('POST', body.revert ? 'revert/' : 'plan/', body.revert ? {} : body);
    this.planned = { body: body.revert ? { revert: plan.revert } : body, token: plan.token };
    renderPlan($('plan-view'), plan, title);
    this.showPending();
    $<HTMLButtonElement>('apply').disabled = false;
  }

  private async plan(): Promise<void> {
    notice('');
    try {
      await this.showPlan({ changes: this.pending.changes() }, 'Plan of the pending changes');
    } catch (error) {
      notice(failure('Plan', error));
    }
  }

  private async apply(): Promise<void> {
    if (!this.planned) return;
    const started = performance.now();
    try {
      const applied = await call('POST', 'apply/', { ...this.planned.body, token: this.planned.token });
      const applyMs = performance.now() - started;
      const written = applied.written as { op: string; id: number; name: string }[];
      await this.reload();
      $('plan-view').textContent = '';
      notice(`Applied: ${written.length} permission${written.length === 1 ? '' : 's'} written (${written.map((w) => `${w.op} ${w.name}`).join('; ') || 'nothing to change'}).`, true);
      $('status').textContent = `Applied in ${Math.round(performance.now() - started)} ms (apply/ ${Math.round(applyMs)} ms, then the matrix read again).`;
      document.documentElement.dataset.applied = String(Number(document.documentElement.dataset.applied ?? 0) + 1);
    } catch (error) {
      this.planned = null;
      this.showPending();
      if (error instanceof ApiFailure && error.status === 409) notice(`Not applied — the matrix changed since this plan was made (HTTP 409): ${error.message}\nNothing was written. Review the plan again and apply it.`);
      else notice(failure('Apply', error));
    }
  }

  private async revert(): Promise<void> {
    notice('');
    try {
      await this.showPlan({ revert: true }, 'Plan reverting the last apply');
    } catch (error) {
      notice(error instanceof ApiFailure && error.status === 404 ? 'Nothing to revert: no apply is in the change log.' : failure('Revert', error));
    }
  }

  private async showPrincipal(column: Column): Promise<void> {
    try {
      const view = await call('GET', `principal/?type=${column.type}&id=${column.id}`);
      renderPrincipal($('principal-view'), view, this.letters);
      $('principal-title').textContent = `${column.type === 'group' ? 'Group' : 'User'} ${column.name}`;
      $('principal').hidden = false;
      $('principal-close').focus();
    } catch (error) {
      notice(failure('Principal view', error));
    }
  }

  private exportQuery(): string {
    const filters = this.filters();
    const query = new URLSearchParams({ action: filters.action, include_users: String(filters.columns !== 'groups') });
    if (filters.app) query.append('app_label', filters.app);
    return query.toString();
  }

  private async exportYaml(): Promise<void> {
    try {
      const text = await call<string>('GET', `export/?${this.exportQuery()}`, undefined, 'text/yaml');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: 'text/yaml' }));
      link.download = 'permissions-matrix.yaml';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      notice(failure('Export', error));
    }
  }

  private async importYaml(): Promise<void> {
    notice('');
    const view = $('import-view');
    view.textContent = '';
    const file = $<HTMLInputElement>('import-file').files?.[0];
    const yaml = file ? await file.text() : $<HTMLTextAreaElement>('import-text').value;
    try {
      const read = await call('POST', 'import/', { yaml });
      const errors = read.errors as string[];
      const list = (items: string[], cls: string) => {
        const ul = document.createElement('ul');
        ul.className = cls;
        for (const item of items) ul.appendChild(document.createElement('li')).textContent = item;
        return ul;
      };
      if (errors.length) {
        view.append(`The file has ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing is planned or applied:`, list(errors, 'error'));
        return;
      }
      if (read.warnings.length) view.append('Warnings:', list(read.warnings, 'warn'));
      const changes = (read.changes as (Change & { name?: string })[]).map(({ name: _name, ...change }) => change);
      view.append(`${changes.length} cell change${changes.length === 1 ? '' : 's'} read; their plan is below.`);
      await this.showPlan({ changes }, 'Plan of the imported file');
    } catch (error) {
      notice(failure('Import', error));
    }
  }
}

function showSignedIn(who: string, byToken: boolean): void {
  $('sign-in').hidden = true;
  $('app').hidden = false;
  $('who').textContent = `Signed in as ${who}`;
  const signOut = $<HTMLFormElement>('sign-out');
  signOut.hidden = false;
  if (byToken) signOut.addEventListener('submit', (e) => (e.preventDefault(), forgetToken(), location.reload()));
}

async function main(): Promise<void> {
  $<HTMLFormElement>('token-sign-in').addEventListener('submit', (event) => {
    event.preventDefault();
    rememberToken($<HTMLInputElement>('token').value.trim());
    location.reload();
  });
  const byToken = !!storedToken();
  if (!byToken && !csrfToken()) return;
  try {
    const me = byToken ? (await call('GET', '/api/authentication-check/')).username : sessionUser();
    showSignedIn(me ?? '?', byToken);
    await new Page().start();
  } catch (error) {
    if (byToken) forgetToken();
    $('app').hidden = true;
    $('sign-in').hidden = false;
    notice(failure('Loading the matrix', error));
  }
}

void main();
