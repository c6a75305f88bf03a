/**
 * @module
 * Bundles the SD-WAN bridge with esbuild: one ES module for the start plus chunks for what loads on
 * demand (spec loader, fetcher, demo, HTTP transports, undici). Node 20 spends most of a start
 * resolving and linking the MCP SDK's and zod's hundreds of small modules; bundled, the bridge
 * serves its tools in about a third of the time; Ajv, which the SDK loads for a feature the bridge
 * does not use, is left to load on first use. The bundle must sit inside the repository (it finds
 * specs, tables and package.json upward from itself, runtime/bridge/paths.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/** The SDK's Ajv provider, replaced by one that loads Ajv on first use (lazyAjvProvider.ts). */
const lazyAjv: esbuild.Plugin = {
  name: 'lazy-ajv-provider',
  setup(build) {
    const stand = join(fileURLToPath(new URL('.', import.meta.url)), 'lazyAjvProvider.ts');
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) => (args.importer.includes('@modelcontextprotocol') ? { path: stand } : undefined));
  },
};

/** `entry` (the compiled cli.js, or cli.ts itself) → `<outdir>/sdwan-bridge.js` and `<outdir>/chunks/`. */
export async function bundleBridge(entry: string, outdir: string): Promise<void> {
  await esbuild.build({
    entryPoints: { 'sdwan-bridge': entry },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Bundled CommonJS packages (ajv, undici) call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __bridgeCreateRequire } from 'node:module'; const require = __bridgeCreateRequire(import.meta.url);" },
    plugins: [lazyAjv],
    logLevel: 'warning',
  });
}
