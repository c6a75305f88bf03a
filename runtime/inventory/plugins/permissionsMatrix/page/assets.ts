/**
 * @module
 * The page's script and stylesheet, served by this server (no CDN, works offline). The script is
 * client/main.ts bundled by esbuild (already the build's bundler) into one ES module: `npm run
 * build` writes it beside the compiled page (buildClient, called by scripts/build.ts) and the
 * server reads that file; run from the sources (tsx, tests), the first request bundles it in
 * memory instead (about 50 ms) and later ones reuse it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PREBUILT = new URL('./matrix.client.js', import.meta.url);
const ENTRY = new URL('./client/main.ts', import.meta.url);

let script: Promise<string> | undefined;

/** Bundles the client into `outfile`, or returns it when no file is named. */
export async function buildClient(outfile?: string): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(ENTRY)],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  if (outfile) (await import('node:fs')).writeFileSync(outfile, text);
  return text;
}

export function clientScript(): Promise<string> {
  script ??= existsSync(PREBUILT) ? Promise.resolve(readFileSync(PREBUILT, 'utf8')) : buildClient();
  script.catch(() => (script = undefined));
  return script;
}

export const STYLESHEET = `
:root { --cell-w: 52px; --row-h: 24px; --head-h: 120px; --label-w: 260px; font: 13px/1.3 system-ui, sans-serif; color: #1d2430; }
body { margin: 0; }
.top { display: flex; gap: 1rem; align-items: center; padding: .4rem 1rem; background: #1f3b57; color: #fff; }
.top h1 { font-size: 1.1rem; margin: 0; }
.top form { margin-left: auto; }
.notice { margin: .5rem 1rem; padding: .5rem .8rem; border: 1px solid #c0392b; background: #fdecea; color: #7b1d12; white-space: pre-wrap; }
.notice.ok { border-color: #1e8449; background: #e9f7ef; color: #145a32; }
section, main { padding: 0 1rem; }
.stack { display: flex; flex-direction: column; gap: .4rem; max-width: 22rem; margin-bottom: 1rem; }
.controls { display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: end; margin: .6rem 0; }
.controls label { display: flex; flex-direction: column; font-size: 12px; }
.legend { font-size: 12px; margin: .2rem 0 .5rem; }
.grid-wrap { overflow: auto; height: 62vh; border: 1px solid #ccd3dc; position: relative; }
table.grid, #grid { border-collapse: separate; border-spacing: 0; table-layout: fixed; }
#grid th, #grid td { height: var(--row-h); padding: 0 2px; border-right: 1px solid #eef1f4; border-bottom: 1px solid #eef1f4; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; box-sizing: border-box; }
#grid td { width: var(--cell-w); min-width: var(--cell-w); max-width: var(--cell-w); text-align: center; font-family: ui-monospace, monospace; cursor: default; }
#grid td.edit { cursor: pointer; }
#grid td.edit:hover, #grid td:focus { outline: 2px solid #2e86c1; outline-offset: -2px; }
#grid td.off { background: #f4f5f7; }
#grid thead th { position: sticky; top: 0; z-index: 2; background: #f7f9fb; height: var(--head-h); vertical-align: bottom; width: var(--cell-w); min-width: var(--cell-w); max-width: var(--cell-w); }
#grid thead th .colname { writing-mode: vertical-rl; transform: rotate(180deg); max-height: calc(var(--head-h) - 30px); overflow: hidden; text-overflow: ellipsis; display: inline-block; }
#grid thead th.user { background: #fbf7ef; }
#grid th.rowhead { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left; width: var(--label-w); min-width: var(--label-w); max-width: var(--label-w); }
#grid thead th.corner { z-index: 3; left: 0; }
#grid tr.app th.rowhead { background: #e8eef4; font-weight: 600; }
#grid td.spacer, #grid th.spacer { padding: 0; border: 0; width: auto; min-width: 0; max-width: none; }
#grid button { font: inherit; border: 0; background: none; padding: 0 2px; cursor: pointer; color: #1a5276; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
#grid button:focus-visible { outline: 2px solid #2e86c1; }
.st-granted { color: #145a32; font-weight: 700; }
.st-constrained { color: #9a6a00; font-weight: 700; text-decoration: underline dotted; }
.st-disabled { color: #8a8f98; text-decoration: line-through; }
.st-inherited { color: #5b7fa3; font-style: italic; }
.pend-grant { background: #d5f5e3; color: #145a32; font-weight: 700; }
.pend-revoke { background: #fadbd8; color: #922b21; font-weight: 700; text-decoration: line-through; }
.panel { border-top: 1px solid #ccd3dc; margin-top: .6rem; padding-top: .4rem; }
.buttons { display: flex; gap: .5rem; margin: .4rem 0; }
.op { border: 1px solid #d6dde5; margin: .3rem 0; padding: .3rem .6rem; }
.op h3 { font-size: 13px; margin: 0 0 .2rem; }
.op del { color: #922b21; } .op ins { color: #145a32; text-decoration: none; }
.warn { color: #7e5109; }
.error { color: #922b21; }
.block { display: block; }
table.principal { border-collapse: collapse; }
table.principal th, table.principal td { border: 1px solid #e1e5ea; padding: 1px 6px; text-align: left; }
`;
