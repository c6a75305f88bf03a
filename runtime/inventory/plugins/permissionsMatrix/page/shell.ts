/**
 * @module
 * The page's HTML, rendered on the server with Hono's `html` helper (every value escaped): the
 * sign-in forms, or the matrix's controls and an empty grid the client script (client/) fills
 * from the API. Signed in by session, the page carries the session's CSRF token in a meta tag for
 * the script's writes; signed in by API token, the script keeps the token in the tab
 * (sessionStorage) and the page is the same. Nothing is loaded from elsewhere: one script and one
 * stylesheet, both served by this server.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export interface ShellOptions {
  /** The signed-in user of the session, with the session's CSRF token; null when signed out. */
  session: { username: string; csrfToken: string } | null;
  /** A message over the sign-in form (a failed sign-in, a session that expired). */
  notice?: string;
  base: string;
}

export function shell({ session, notice, base }: ShellOptions): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Permissions matrix</title>
<meta name="matrix-base" content="${base}">
${session ? html`<meta name="csrf-token" content="${session.csrfToken}"><meta name="session-user" content="${session.username}">` : ''}
<link rel="stylesheet" href="${base}static/matrix.css">
<script type="module" src="${base}static/matrix.js"></script>
</head>
<body>
<header class="top">
  <h1>Permissions matrix</h1>
  <span id="who" aria-live="polite"></span>
  <form id="sign-out" method="post" action="${base}logout/" hidden>
    <input type="hidden" name="csrf_token" value="${session?.csrfToken ?? ''}">
    <button type="submit">Sign out</button>
  </form>
</header>
<div id="notice" role="alert" class="notice"${notice ? '' : ' hidden'}>${notice ?? ''}</div>
<section id="sign-in" ${session ? 'hidden' : ''} aria-labelledby="sign-in-title">
  <h2 id="sign-in-title">Sign in</h2>
  <form method="post" action="${base}login/" class="stack">
    <label>Username <input name="username" autocomplete="username" required></label>
    <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
    <button type="submit">Sign in</button>
  </form>
  <form id="token-sign-in" class="stack">
    <label>or an API token <input id="token" name="token" autocomplete="off" placeholder="nbt_…" required></label>
    <button type="submit">Use token</button>
  </form>
</section>
<main id="app" hidden>
  <form id="controls" class="controls" role="search" aria-label="Matrix view">
    <label>Action <select id="action"><option value="*">all actions</option></select></label>
    <label>Columns <select id="columns">
      <option value="groups">groups</option>
      <option value="both">groups, then users</option>
      <option value="users">users</option>
    </select></label>
    <label>Layout <select id="layout">
      <option value="types">types down, groups and users across</option>
      <option value="principals">groups and users down, types across</option>
    </select></label>
    <label>App <select id="app-filter"><option value="">every app</option></select></label>
    <label>Object type <input id="type-filter" type="search" placeholder="e.g. device"></label>
    <label>Principal <input id="principal-filter" type="search" placeholder="group or user name"></label>
    <button type="button" id="export">Export YAML</button>
  </form>
  <p id="legend" class="legend">
    <span class="st-granted">v</span> granted · <span class="st-constrained">v</span> constrained ·
    <span class="st-disabled">v</span> disabled · <span class="st-inherited">v</span> inherited from a group ·
    <span class="pend-grant">+v</span>/<span class="pend-revoke">−v</span> pending
    <span id="letters"></span>
  </p>
  <div id="grid-wrap" class="grid-wrap" tabindex="-1"><table id="grid" role="grid" aria-label="Permissions matrix" aria-readonly="true"></table></div>
  <p id="status" role="status" aria-live="polite"></p>
  <section id="editor" class="panel" hidden aria-labelledby="editor-title">
    <h2 id="editor-title">Changes</h2>
    <p id="pending-count">No pending changes.</p>
    <div class="buttons">
      <button type="button" id="plan" disabled>Show plan</button>
      <button type="button" id="apply" disabled>Apply</button>
      <button type="button" id="discard" disabled>Discard changes</button>
      <button type="button" id="revert">Revert last apply</button>
    </div>
    <div id="plan-view" aria-live="polite"></div>
    <details id="import-box">
      <summary>Import YAML</summary>
      <label>YAML file <input type="file" id="import-file" accept=".yaml,.yml,text/yaml"></label>
      <label class="block">or paste it <textarea id="import-text" rows="6" cols="60"></textarea></label>
      <button type="button" id="import">Read import</button>
      <div id="import-view" aria-live="polite"></div>
    </details>
  </section>
  <section id="principal" class="panel" hidden aria-labelledby="principal-title">
    <h2 id="principal-title">Principal view</h2>
    <button type="button" id="principal-close">Close</button>
    <div id="principal-view"></div>
  </section>
</main>
</body>
</html>`;
}
