/**
 * @module
 * Bundles the compiled inventory server (dist/runtime/server/main.js) with esbuild: one ES module for
 * the start, which opens the database first, plus chunks for the server's modules, which load while
 * it opens. Node 20 spends a third of a restart resolving, reading and linking the ~300 compiled
 * modules and the packages' hundreds more; bundled, they load in about half the time.
 *
 * Every bundled module keeps its own `import.meta.url` (`keepModuleUrls`): the server finds its data
 * (`../../generated/…`), its worker threads' scripts (`./worker.js`, `./thread.js`, modules run off
 * the thread) and the embedded database's cache by paths relative to its own file, and those files
 * stay where the compiled tree has them. PGlite stays a package: it finds its WebAssembly beside itself.
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';

/** Rewrites `import.meta.url` in each module under `tree` (not its packages) to that module's own URL, seen from `outdir`. */
function keepModuleUrls(tree: string, outdir: string): esbuild.Plugin {
  return {
    name: 'keep-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.[jt]s$/ }, async (args) => {
        if (!args.path.startsWith(tree) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const own = `new URL(${JSON.stringify(relative(outdir, args.path).split(sep).join('/'))}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', own), loader: extname(args.path) === '.ts' ? 'ts' : 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * `entry` (dist/'s compiled main.js, or main.ts itself: a test bundles the sources) →
 * `<outdir>/netbox-inventory.js` and its chunks; `tree` is the folder whose modules' URLs are kept.
 */
export async function bundleServer(entry: string, outdir: string, tree: string): Promise<void> {
  await esbuild.build({
    entryPoints: { 'netbox-inventory': entry },
    outdir,
    // Chunks beside the entry: the module URLs kept below are relative to that one folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // esbuild itself: the matrix page bundles its client with it when run from the sources (a build ships the bundle).
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'esbuild'],
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __serverCreateRequire } from 'node:module'; const require = __serverCreateRequire(import.meta.url);" },
    plugins: [keepModuleUrls(tree, outdir)],
    logLevel: 'warning',
  });
}
