/**
 * @module
 * What a person waits for after editing one field of the full catalogue: `npm run generate` as a
 * process (split into loading — node, tsx and the generator's modules — and the run's own work,
 * which the CLI prints as "in N ms"), and a regeneration by `generate --watch` (its warm run, and
 * the time from the save to its line). Both on a copy of the repository's project, alternating
 * between two labels of one field so that every run really has something to write.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../generator/cli.ts';
import { coldStages, projectPaths } from '../../generator/pipeline.ts';
import { watchProject } from '../../generator/watch/watchProject.ts';
import { median } from './timing.ts';

export interface ChangeFigures {
  /** Median wall time of `node --import tsx generator/cli.ts` after a one-field change. */
  generateMs: number;
  /** Its parts: the run's own work ("in N ms") and everything before it (wall − work). */
  generateWorkMs: number;
  generateLoadMs: number;
  /** CPU time (user + system) of that process: the wall time less waiting for a core. */
  generateCpuMs: number;
  /** Median of the watch's own run after a one-field change ("in N ms"). */
  watchRunMs: number;
  /** Median CPU time of this process from the save to the watch's line. */
  watchCpuMs: number;
  /** The same run with cold stages, in the same warm process: what --watch did before it kept its work. */
  coldRunMs: number;
  /** Median time from the save to the watch's line (the watcher's debounce included). */
  watchLatencyMs: number;
}

/** The field edited: tenancy's contact title, a label added and changed (no column changes). */
const FILE = 'definitions/tenancy/contacts.yaml';
const FIELD = 'title: { type: string, max_length: 100';

function scratchProject(root: string): { dir: string; edit: (turn: number) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'nb-change-'));
  for (const part of ['definitions', 'templates', 'specs', 'generated']) cpSync(join(root, part), join(dir, part), { recursive: true });
  const original = readFileSync(join(dir, FILE), 'utf8');
  if (!original.includes(FIELD)) throw new Error(`${FILE} no longer has "${FIELD}"; pick another field for the bench`);
  const edit = (turn: number) => writeFileSync(join(dir, FILE), original.replace(FIELD, `${FIELD}, label: Title ${turn % 2 ? 'one' : 'two'}`));
  return { dir, edit };
}

/** CPU time (ms) of this process's waited-for children so far, from /proc (NaN elsewhere than Linux). */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command name: cutime and cstime are fields 16 and 17 of stat(5), in clock ticks (100 Hz).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

const workOf = (log: string) => Number(/generated \d+ files \(\d+ new, [1-9]\d* changed, \d+ deleted\) in (\d+) ms/.exec(log)?.[1] ?? NaN);

export async function measureGenerationChange(root: string, turns = 3): Promise<ChangeFigures> {
  const { dir, edit } = scratchProject(root);
  try {
    const cli = join(root, 'generator', 'cli.ts');
    const walls: number[] = [];
    const works: number[] = [];
    const cpus: number[] = [];
    for (let turn = 0; turn <= turns; turn++) {
      edit(turn);
      const started = performance.now();
      const cpuBefore = childrenCpuMs();
      const log = spawnSync(process.execPath, ['--import', 'tsx', cli, '--root', dir], { cwd: root, encoding: 'utf8' }).stderr;
      const wall = performance.now() - started;
      const cpu = childrenCpuMs() - cpuBefore;
      // The first turn warms tsx's transform cache and the file system's; it is not counted.
      if (turn === 0) continue;
      const work = workOf(log);
      if (Number.isNaN(work)) throw new Error(`generate wrote nothing after a one-field change:\n${log}`);
      walls.push(wall);
      works.push(work);
      cpus.push(cpu);
    }
    const watch = await measureWatch(dir, edit, turns + 2);
    const generateMs = median(walls);
    const generateWorkMs = median(works);
    return { generateMs, generateWorkMs, generateLoadMs: generateMs - generateWorkMs, generateCpuMs: median(cpus), ...watch };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureWatch(dir: string, edit: (turn: number) => void, turns: number): Promise<Pick<ChangeFigures, 'watchRunMs' | 'watchCpuMs' | 'coldRunMs' | 'watchLatencyMs'>> {
  const paths = projectPaths(dir);
  let waiting: ((line: string) => void) | null = null;
  const log = (text: string) => {
    for (const line of text.split('\n')) if (/^generated /.test(line) || /error/.test(line)) waiting?.(line);
  };
  const watch = watchProject(paths, (stages) => run(paths, 'write', log, undefined, stages), { log: () => {}, debounceMs: 20 });
  await watch.ready;
  const runs: number[] = [];
  const latencies: number[] = [];
  const cpus: number[] = [];
  try {
    for (let turn = 0; turn < turns; turn++) {
      const line = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the watch did not regenerate within 30 s')), 30_000);
        waiting = (l) => (clearTimeout(timer), (waiting = null), resolve(l));
      });
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      edit(turn);
      const printed = await line;
      const latency = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const work = workOf(printed);
      if (Number.isNaN(work)) throw new Error(`the watch did not regenerate after a one-field change: ${printed}`);
      // The first change after start-up fills the caches the later ones keep.
      if (turn === 0) continue;
      runs.push(work);
      latencies.push(latency);
      cpus.push((cpu.user + cpu.system) / 1000);
    }
  } finally {
    await watch.close();
  }
  const coldRuns: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    edit(turn);
    let printed = '';
    run(paths, 'write', (text) => (printed += text), undefined, coldStages);
    if (turn > 0) coldRuns.push(workOf(printed));
  }
  return { watchRunMs: median(runs), watchCpuMs: median(cpus), coldRunMs: median(coldRuns), watchLatencyMs: median(latencies) };
}
