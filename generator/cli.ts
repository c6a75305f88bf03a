/**
 * @module
 * `npm run generate [-- --check | --dump-ir | --watch]`.
 *   (no flag)   regenerate generated/: write changed files, delete orphans
 *   --check     write nothing; exit 1 listing missing/changed/orphaned files
 *   --dump-ir   print the IR as JSON and exit
 *   --watch     regenerate whenever definitions/, templates/ or specs/ change
 */
import { watch } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticsError } from './diagnostics.ts';
import { buildProjectIR, emitAll, projectPaths, type ProjectPaths } from './pipeline.ts';
import { applyWrite, describePlan, planWrite } from './write/writeGenerated.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function run(paths: ProjectPaths, mode: 'write' | 'check'): number {
  const started = performance.now();
  try {
    const ir = buildProjectIR(paths);
    const files = emitAll(paths, ir);
    const plan = planWrite(paths.generated, files);
    const differences = describePlan(plan);
    if (mode === 'check') {
      if (!differences.length) {
        console.error(`generated/ is current (${files.length} files).`);
        return 0;
      }
      console.error(differences.join('\n'));
      console.error(`\ngenerated/ is out of date. Run \`npm run generate\` and commit the result.`);
      return 1;
    }
    applyWrite(paths.generated, files, plan);
    const ms = Math.round(performance.now() - started);
    console.error(`generated ${files.length} files (${plan.missing.length} new, ${plan.changed.length} changed, ${plan.orphaned.length} deleted) in ${ms} ms`);
    return 0;
  } catch (error) {
    if (error instanceof DiagnosticsError) {
      console.error(error.message);
      console.error(`\n${error.diagnostics.length} error(s); nothing was written.`);
      return 1;
    }
    throw error;
  }
}

function main(argv: string[]): void {
  const paths = projectPaths(root);
  if (argv.includes('--dump-ir')) {
    try {
      process.stdout.write(`${JSON.stringify(buildProjectIR(paths), null, 2)}\n`);
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
    return;
  }
  if (argv.includes('--watch')) {
    run(paths, 'write');
    let timer: NodeJS.Timeout | undefined;
    for (const dir of [paths.definitions, paths.templates, paths.specs]) {
      watch(dir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => run(paths, 'write'), 100);
      });
    }
    console.error('watching definitions/, templates/ and specs/ …');
    return;
  }
  process.exitCode = run(paths, argv.includes('--check') ? 'check' : 'write');
}

main(process.argv.slice(2));
