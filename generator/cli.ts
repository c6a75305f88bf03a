/**
 * @module
 * `npm run generate [-- --check | --dump-ir | --watch | --migration [NAME] [--base REF]] [--root DIR]`.
 *   (no flag)   regenerate generated/: write changed files, delete orphans; never a migration
 *   --check     write nothing; exit 1 listing missing/changed/orphaned files, or a migration
 *               history that is not the recorded one or does not lead to the definitions' schema
 *   --migration [NAME]  also write the next migration (folding the uncommitted ones); `npm run migration`
 *   --base REF  with --migration: the git revision whose migrations count as committed (HEAD)
 *   --dump-ir   print the IR as JSON and exit
 *   --watch     regenerate whenever definitions/, templates/ or specs/ change
 *   --root DIR  run on another project folder (its definitions/, templates/, generated/, specs/);
 *               defaults to this repository. Tests use it to run the CLI on throwaway copies.
 * Exit status: 0 when done (or current), 1 on diagnostics or an out-of-date check, 2 on bad usage.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticsError } from './diagnostics.ts';
import { settleMigrations, type MigrationRequest } from './emit/migrations/migrationStep.ts';
import { buildProjectIR, coldStages, projectPaths, type PipelineStages, type ProjectPaths } from './pipeline.ts';
import { oneShotStages } from './warm/oneShotStages.ts';
import { applyWrite, describePlan, planWrite } from './write/writeGenerated.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One generate or check run; messages go to `log` (stderr by default). Returns the exit status.
 * `stages` are cold by default; the command line passes ones that keep unchanged inputs' work
 * (parse caches on disk for a one-shot run, everything in memory for --watch: generator/warm/).
 */
export function run(paths: ProjectPaths, mode: 'write' | 'check', log: (line: string) => void = console.error, migration?: MigrationRequest, stages: PipelineStages = coldStages): number {
  const started = performance.now();
  try {
    const ir = stages.buildProjectIR(paths);
    const files = settleMigrations(paths, ir.inventory, stages.emitAll(paths, ir), mode, migration, log);
    const plan = planWrite(paths.generated, files);
    const differences = describePlan(plan);
    if (mode === 'check') {
      if (!differences.length) {
        log(`generated/ is current (${files.length} files).`);
        return 0;
      }
      log(differences.join('\n'));
      log(`\ngenerated/ is out of date. Run \`npm run generate\` and commit the result.`);
      return 1;
    }
    applyWrite(paths.generated, files, plan);
    const ms = Math.round(performance.now() - started);
    log(`generated ${files.length} files (${plan.missing.length} new, ${plan.changed.length} changed, ${plan.orphaned.length} deleted) in ${ms} ms`);
    return 0;
  } catch (error) {
    if (error instanceof DiagnosticsError) {
      log(error.message);
      log(`\n${error.diagnostics.length} error(s); nothing was written.`);
      return 1;
    }
    throw error;
  }
}

/** `--migration [NAME]` and `--base REF`: a request for the next migration, or undefined. */
function migrationArgument(argv: string[]): MigrationRequest | undefined {
  const index = argv.indexOf('--migration');
  if (index < 0) return undefined;
  const valueAfter = (i: number) => (i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined);
  return { name: valueAfter(index), base: valueAfter(argv.indexOf('--base')) };
}

/** The value of `--root DIR` (or `--root=DIR`), resolved against the working directory. */
function rootArgument(argv: string[]): string | null | undefined {
  const index = argv.findIndex((a) => a === '--root' || a.startsWith('--root='));
  if (index < 0) return undefined;
  const value = argv[index].startsWith('--root=') ? argv[index].slice('--root='.length) : argv[index + 1];
  return value && !value.startsWith('--') ? resolve(value) : null;
}

function main(argv: string[]): void {
  const root = rootArgument(argv);
  if (root === null) {
    console.error('--root needs a folder: --root DIR');
    process.exitCode = 2;
    return;
  }
  const paths = projectPaths(root ?? repositoryRoot);
  const dumpOnly = argv.includes('--dump-ir');
  for (const dir of dumpOnly ? [paths.definitions] : [paths.definitions, paths.templates]) {
    if (!existsSync(dir)) {
      console.error(`${dir} does not exist; --root must name a project folder with definitions/${dumpOnly ? '' : ' and templates/'}.`);
      process.exitCode = 2;
      return;
    }
  }
  if (dumpOnly) {
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
    // Loaded only here: a one-shot run does not pay for the file watcher.
    void import('./watch/watchProject.ts').then(({ watchProject }) => watchProject(paths, (stages) => run(paths, 'write', console.error, undefined, stages)));
    return;
  }
  // The repository's node_modules/ keeps the parse caches, also for a --root project.
  process.exitCode = run(paths, argv.includes('--check') ? 'check' : 'write', console.error, migrationArgument(argv), oneShotStages(repositoryRoot));
}

// Run only as a script, so that tests can import `run` without starting a generation.
const invokedAs = process.argv[1] && existsSync(process.argv[1]) ? realpathSync(process.argv[1]) : '';
if (invokedAs === realpathSync(fileURLToPath(import.meta.url))) main(process.argv.slice(2));
