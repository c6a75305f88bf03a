/**
 * @module
 * `npm run build` (also run by `npm ci`, through `prepare`): compiles the SD-WAN bridge and the
 * inventory server to JavaScript in dist/, so they start without a TypeScript loader:
 *
 *   node dist/bridge/sdwan-bridge.js …     (bin sdwan-bridge)
 *   node dist/server/netbox-inventory.js … (bin netbox-inventory)
 *
 * 1. tsc (tsconfig.build.json) type-checks and compiles the two entries and everything they import
 *    into dist/, rewriting `.ts` import specifiers to `.js`. The inventory server finds its data
 *    next to its code (`../../generated/…`, `../../package.json`, `../../node_modules/.cache`), so
 *    dist/ also gets a copy of generated/'s data files (the compiled code and its tables stay one
 *    snapshot), a package.json with the version, and a link to node_modules.
 * 2. esbuild bundles the compiled bridge into dist/bridge/ (build/bundleBridge.ts says why). The
 *    bridge reads specs, tables and its version from the repository (runtime/bridge/paths.ts), so the
 *    bundle needs no copies.
 * 3. esbuild bundles the compiled server into dist/server/ (build/bundleServer.ts says why), and the
 *    permissions matrix page's script beside its compiled module (page/assets.ts); the server's
 *    modules keep finding their files by the compiled tree's paths, which stays beside it.
 *
 * dist/ is rebuilt from scratch each time and is not checked in. Its last file is a stamp of the
 * sources it was built from (build/inputs.js), by which `npm start` knows whether it is current.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBridge } from './build/bundleBridge.ts';
import { bundleServer } from './build/bundleServer.ts';
import { buildClient } from '../runtime/inventory/plugins/permissionsMatrix/page/assets.ts';
import { inputsStamp, STAMP } from './build/inputs.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const started = performance.now();
// Taken before compiling: a source saved during the build makes the stamp older than it, so the next start builds again.
const stamp = inputsStamp(root);

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
} catch {
  process.stderr.write('build: tsc failed (see above)\n');
  process.exit(1);
}
cpSync(join(root, 'generated'), join(dist, 'generated'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
writeFileSync(join(dist, 'package.json'), `${JSON.stringify({ name: `${name}-dist`, version, private: true, type: 'module' }, null, 2)}\n`);
mkdirSync(dist, { recursive: true });
symlinkSync('../node_modules', join(dist, 'node_modules'), 'dir');

// The matrix page's script, beside its compiled module, which serves it from there.
await buildClient(join(dist, 'runtime', 'inventory', 'plugins', 'permissionsMatrix', 'page', 'matrix.client.js'));
await bundleBridge(join(dist, 'runtime', 'bridge', 'cli.js'), join(dist, 'bridge'));
await bundleServer(join(dist, 'runtime', 'server', 'main.js'), join(dist, 'server'), dist);
// Last: dist/ is current only once everything above is in it (npm start reads this, scripts/start.js).
writeFileSync(join(root, STAMP), `${JSON.stringify(stamp)}\n`);
process.stderr.write(`build: dist/ ready in ${Math.round(performance.now() - started)} ms (node dist/bridge/sdwan-bridge.js, node dist/server/netbox-inventory.js)\n`);
