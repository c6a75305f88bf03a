/**
 * The matrix page in a real browser (Debian's Chromium through playwright-core): sign in with a
 * password (the session cookie's flags), see the grid, grant a cell, see the plan, apply, read the
 * permission back through the REST API, revert; a stale plan token (409), a forged, a missing and a
 * replayed CSRF token, an expired session, an import with errors: each refused with a clear message
 * and nothing written; a read-only user sees no edit control; an API token signs in too. A
 * screenshot of the grid is kept (MATRIX_PAGE_ARTEFACTS, else the system's temporary folder).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../testing/database.ts';
import { ADMIN, browserMissing, launchBrowser, serveApp, type ServedApp } from '../../../../testing/browser.ts';

const missing = browserMissing();
if (missing) console.log(`matrix page: ${missing}`);
const ARTEFACTS = process.env.MATRIX_PAGE_ARTEFACTS || join(tmpdir(), 'permissions-matrix-page');
const PAGE = '/plugins/permissions-matrix/';
/** The page answers within a request or two; a loaded machine may take seconds. */
const POLL = { timeout: 15_000 };

// A minute per test: each drives a browser and a server, on a machine that may be busy.
describe.skipIf(!!missing)('permissions matrix page in Chromium', { timeout: 60_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;
  const id: Record<string, number> = {};

  const created = async (path: string, body: unknown) => {
    const response = await served.api('POST', path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const permissionsNamed = async (name: string) => (await served.api('GET', `/api/users/permissions/?name=${encodeURIComponent(name)}`)).body.results as any[];

  async function signIn(target: Page, username: string, password: string) {
    await target.goto(served.base + PAGE);
    await target.getByLabel('Username').fill(username);
    await target.getByLabel('Password').fill(password);
    await target.getByRole('button', { name: 'Sign in' }).click();
    await target.waitForSelector('html[data-ready="true"]');
  }

  /** Shows one action, one object type and one principal, so the cell is the first of the grid. */
  async function narrow(target: Page, action: string, type: string, principal: string) {
    await target.getByLabel('Action').selectOption(action);
    await target.getByLabel('Object type').fill(type);
    await target.getByLabel('Principal', { exact: true }).fill(principal);
  }
  const cell = (target: Page, column: string, type: string) => target.locator(`td[aria-label^="${column} · ${type}:"]`);

  beforeAll(async () => {
    served = await serveApp(await testDatabases()[0].open());
    id.noc = await created('/api/users/groups/', { name: 'noc' });
    id.ops = await created('/api/users/groups/', { name: 'ops' });
    id.alice = await created('/api/users/users/', { username: 'alice', password: 'Alice-password-1', groups: [id.noc] });
    await created('/api/users/permissions/', { name: 'ops_vc', object_types: ['dcim.device', 'dcim.rack'], actions: ['view', 'change'], groups: [id.ops] });
    await created('/api/users/permissions/', { name: 'noc sites', object_types: ['dcim.site'], actions: ['view'], constraints: { status: 'active' }, groups: [id.noc] });
    await created('/api/users/permissions/', { name: 'alice prefixes', object_types: ['ipam.prefix'], actions: ['view', 'add'], users: [id.alice] });
    // viewer may read the matrix (and see groups and users) but change nothing.
    id.viewer = await created('/api/users/users/', { username: 'viewer', password: 'Viewer-password-1' });
    await created('/api/users/permissions/', { name: 'viewer reads', object_types: ['users.objectpermission', 'users.group', 'users.user'], actions: ['view'], users: [id.viewer] });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(10_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('signs in with a password: an HttpOnly, SameSite=Strict session cookie, the grid with every action', async () => {
    await page.goto(served.base + PAGE);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible(), POLL).toBe(true);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toContain('Invalid username or password.');
    await signIn(page, ADMIN.username, ADMIN.password);
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'nbmatrix_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    await expect.poll(() => page.locator('#who').textContent(), POLL).toBe('Signed in as admin');
    // Groups are the columns; ops holds v and c on devices, noc a constrained view of sites.
    await page.getByLabel('Object type').fill('dcim.');
    await expect.poll(() => cell(page, 'ops', 'dcim.device').textContent(), POLL).toBe('vc');
    await expect.poll(() => cell(page, 'ops', 'dcim.device').locator('.st-granted').count(), POLL).toBe(2);
    await page.getByLabel('Object type').fill('dcim.site');
    await expect.poll(() => cell(page, 'noc', 'dcim.site').locator('.st-constrained').textContent(), POLL).toBe('v');
    // Users as columns: alice's direct holding, and her group's constrained view read as inherited.
    await page.getByLabel('Columns').selectOption('users');
    await page.getByLabel('Object type').fill('dcim.site');
    await expect.poll(() => cell(page, 'alice', 'dcim.site').locator('.st-inherited').textContent(), POLL).toBe('v');
    await page.getByLabel('Object type').fill('ipam.prefix');
    await expect.poll(() => cell(page, 'alice', 'ipam.prefix').textContent(), POLL).toBe('va');
    await page.getByLabel('Object type').fill('');
    await page.getByLabel('Columns').selectOption('both');
    await page.getByLabel('Object type').fill('dcim.');
    mkdirSync(ARTEFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTEFACTS, 'grid.png') });
    await page.getByLabel('Columns').selectOption('groups');
    await page.getByLabel('Object type').fill('');
    console.log(`matrix page: screenshot of the grid at ${join(ARTEFACTS, 'grid.png')}`);
  });

  it('grants a cell, shows the plan, applies it, and the REST API reads the new permission; revert takes it back', async () => {
    await narrow(page, 'view', 'dcim.rack', 'noc');
    const target = cell(page, 'noc', 'dcim.rack');
    await target.click();
    await expect.poll(() => target.textContent(), POLL).toBe('+v');
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('1 pending cell change.');
    await page.getByRole('button', { name: 'Show plan' }).click();
    const op = page.locator('#plan-view .op');
    await expect.poll(() => op.locator('h3').textContent(), POLL).toBe('create noc_v');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForSelector('html[data-applied="1"]');
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toContain('Applied: 1 permission written (create noc_v)');
    await expect.poll(() => target.locator('.st-granted').textContent(), POLL).toBe('v');
    const [written] = await permissionsNamed('noc_v');
    expect(written).toMatchObject({ object_types: ['dcim.rack'], actions: ['view'], constraints: null, enabled: true });
    expect(written.groups.map((g: any) => g.name)).toEqual(['noc']);

    await page.getByRole('button', { name: 'Revert last apply' }).click();
    await expect.poll(() => page.locator('#plan-view .op h3').textContent(), POLL).toBe('delete noc_v');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForSelector('html[data-applied="2"]');
    await expect.poll(() => permissionsNamed('noc_v'), POLL).toEqual([]);
    await expect.poll(() => target.textContent(), POLL).toBe('');
  });

  it('whole rows and columns by keyboard and buttons; the principal view with its holdings', async () => {
    await narrow(page, 'view', 'dcim.', 'ops');
    await page.getByRole('button', { name: 'Grant or revoke the column of group ops' }).click();
    // ops held view on devices and racks: the column grants the rest.
    await expect.poll(() => page.locator('td .pend-grant').count(), POLL).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.locator('td .pend-grant').count(), POLL).toBe(0);
    const first = page.locator('td[data-i]').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('1 pending cell change.');
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('No pending changes.');
    await page.getByRole('button', { name: 'What group ops holds' }).click();
    await expect.poll(() => page.locator('#principal-view').textContent(), POLL).toContain('dcim.device');
    await expect.poll(() => page.locator('#principal-view').textContent(), POLL).toContain('ops_vc');
    await page.getByRole('button', { name: 'Close' }).click();
  });

  it('switches the layout: principals as rows and object types as columns, by buttons and keyboard', async () => {
    await narrow(page, 'view', 'dcim.', 'ops');
    await page.getByLabel('Layout').selectOption('principals');
    await expect.poll(() => page.locator('#grid').getAttribute('data-layout'), POLL).toBe('principals');
    expect(await page.locator('#grid thead th.corner').textContent()).toBe('Principal');
    // One row (group ops), a column per dcim object type.
    expect(await page.locator('#grid tbody th[scope="row"]').count()).toBe(1);
    expect(await page.locator('#grid tbody th[scope="row"]').textContent()).toContain('ops');
    // Object types across, in order (only those in view are in the DOM).
    expect((await page.locator('#grid thead th[scope="col"].type .colname').allTextContents()).slice(0, 1)).toEqual(['dcim.cable']);
    expect(await page.locator('#grid thead th[scope="col"].type .colname').allTextContents()).toContain('dcim.device');
    expect(await cell(page, 'ops', 'dcim.device').getAttribute('aria-label')).toBe('ops · dcim.device: view granted');
    // A column is an object type over the principals shown: ops lacks view on sites.
    await page.getByLabel('Object type').fill('dcim.site');
    expect(await page.locator('#grid thead th[scope="col"].type .colname').allTextContents()).toEqual(['dcim.site', 'dcim.sitegroup']);
    await page.getByRole('button', { name: 'Grant or revoke the column of dcim.site', exact: true }).click();
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('1 pending cell change.');
    expect(await cell(page, 'ops', 'dcim.site').getAttribute('aria-label')).toBe('ops · dcim.site: view to grant');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    // A row is a principal over the object types shown.
    await page.getByRole('button', { name: 'Grant or revoke the row of group ops' }).click();
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('2 pending cell changes.');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('No pending changes.');
    // The arrow keys move across object types here.
    await cell(page, 'ops', 'dcim.site').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('1 pending cell change.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('ops · dcim.sitegroup: view to grant');
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('#pending-count').textContent(), POLL).toBe('No pending changes.');
    await page.getByRole('button', { name: 'What group ops holds' }).click();
    await expect.poll(() => page.locator('#principal-view').textContent(), POLL).toContain('ops_vc');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Layout').selectOption('types');
    await expect.poll(() => page.locator('#grid').getAttribute('data-layout'), POLL).toBe('types');
    expect(await page.locator('#grid tbody th[scope="row"]').first().textContent()).toContain('dcim.');
  });

  it('a plan made stale by another change is refused with 409 and nothing written', async () => {
    await narrow(page, 'view', 'dcim.rack', 'noc');
    await cell(page, 'noc', 'dcim.rack').click();
    await page.getByRole('button', { name: 'Show plan' }).click();
    await page.locator('#plan-view .op').first().waitFor();
    // Meanwhile someone gives noc another permission (through the REST API).
    await created('/api/users/permissions/', { name: 'noc racks', object_types: ['dcim.rack'], actions: ['change'], groups: [id.noc] });
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toMatch(/Not applied — the matrix changed since this plan was made \(HTTP 409\): .*\nNothing was written\./);
    await expect.poll(() => permissionsNamed('noc_v'), POLL).toEqual([]);
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('an import with errors lists them and plans nothing', async () => {
    await page.locator('#import-box summary').click();
    await page.getByLabel('or paste it').fill('version: 1\nactions: [view]\ngroups:\n  nobody-here:\n    dcim.site: [view]\n  noc:\n    dcim.nothing: [view]\n');
    await page.getByRole('button', { name: 'Read import' }).click();
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toBe('');
    await expect.poll(() => page.locator('#import-view').textContent(), POLL).toContain('The file has 2 errors; nothing is planned or applied:');
    await expect.poll(() => page.locator('#import-view li').allTextContents(), POLL).toEqual(['groups.nobody-here: unknown group; skipped.', 'groups.noc.dcim.nothing: unknown object type; skipped.']);
    await expect.poll(() => page.getByRole('button', { name: 'Apply', exact: true }).isDisabled(), POLL).toBe(true);
  });

  it('refuses a forged, a missing and a replayed CSRF token, a signed-out cookie and an expired session', async () => {
    const body = { changes: [{ principal: { type: 'group', id: id.noc }, object_type: 'dcim.site', action: 'delete', granted: true }] };
    const post = (target: Page, csrf: string | null) => target.evaluate(async ({ body, csrf }) => {
      const response = await fetch('/api/plugins/permissions-matrix/plan/', { method: 'POST', headers: { 'Content-Type': 'application/json', ...(csrf === null ? {} : { 'X-CSRFToken': csrf }) }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    }, { body, csrf });
    const old = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    await expect.poll(() => post(page, old), POLL).toMatchObject({ status: 200 });
    await expect.poll(() => post(page, 'f'.repeat(64)), POLL).toEqual({ status: 403, body: { detail: 'CSRF Failed: CSRF token incorrect.' } });
    await expect.poll(() => post(page, null), POLL).toEqual({ status: 403, body: { detail: 'CSRF Failed: CSRF token missing.' } });
    const oldCookie = (await page.context().cookies())[0].value;
    // Sign out and in again: the old session's CSRF token is refused in the new one, the old cookie everywhere.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect.poll(() => post(page, old), POLL).toEqual({ status: 403, body: { detail: 'CSRF Failed: CSRF token incorrect.' } });
    const replayed = await fetch(`${served.base}/api/plugins/permissions-matrix/matrix/`, { headers: { Cookie: `nbmatrix_session=${oldCookie}`, Accept: 'application/json' } });
    expect(replayed.status).toBe(403);
    await expect(replayed.json()).resolves.toEqual({ detail: 'Session not found (signed out, or made by another server): sign in again.' });
    // Expired: the page says so and shows the sign-in form again.
    await served.db.query("UPDATE permissions_matrix_session SET expires = now() - interval '1 minute'");
    await narrow(page, 'view', 'dcim.site', 'noc');
    await cell(page, 'noc', 'dcim.site').click();
    await page.getByRole('button', { name: 'Show plan' }).click();
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toBe('Plan refused (HTTP 403): Session expired: sign in again.');
    await page.reload();
    await expect.poll(() => page.locator('#notice').textContent(), POLL).toBe('Your session expired or was signed out: sign in again.');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible(), POLL).toBe(true);
    await expect.poll(() => permissionsNamed('noc_d'), POLL).toEqual([]);
  });

  it('a read-only user sees the grid and no edit control', async () => {
    const context = await browser.newContext();
    const viewer = await context.newPage();
    viewer.setDefaultTimeout(10_000);
    await signIn(viewer, 'viewer', 'Viewer-password-1');
    // Only the rows in view are drawn: the grid is narrowed to the row first (every action still shown).
    await viewer.getByLabel('Object type').fill('dcim.device');
    await viewer.getByLabel('Principal', { exact: true }).fill('ops');
    await expect.poll(() => cell(viewer, 'ops', 'dcim.device').textContent(), POLL).toBe('vc');
    await expect.poll(() => viewer.locator('#editor').count(), POLL).toBe(0);
    await expect.poll(() => viewer.locator('td.edit, button[data-row], button[data-col]').count(), POLL).toBe(0);
    await expect.poll(() => viewer.locator('#status').textContent(), POLL).toBe('Read-only: you may view the matrix but not change it.');
    await context.close();
  });

  it('a read-only API token gives the read-only page', async () => {
    const provisioned = await fetch(`${served.base}/api/users/tokens/provision/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN.password, write_enabled: false }) });
    const token = await provisioned.json();
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.setDefaultTimeout(10_000);
    await tab.goto(served.base + PAGE);
    await tab.getByLabel('or an API token').fill(`nbt_${token.key}.${token.token}`);
    await tab.getByRole('button', { name: 'Use token' }).click();
    await tab.waitForSelector('html[data-ready="true"]');
    await expect.poll(() => tab.locator('#editor').count(), POLL).toBe(0);
    await expect.poll(() => tab.locator('td.edit').count(), POLL).toBe(0);
    await context.close();
  });

  it('signs in with an API token instead', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.setDefaultTimeout(10_000);
    await tab.goto(served.base + PAGE);
    await tab.getByLabel('or an API token').fill(ADMIN.token);
    await tab.getByRole('button', { name: 'Use token' }).click();
    await tab.waitForSelector('html[data-ready="true"]');
    await expect.poll(() => tab.locator('#who').textContent(), POLL).toBe('Signed in as admin');
    await expect.poll(() => tab.locator('#editor').isVisible(), POLL).toBe(true);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});
