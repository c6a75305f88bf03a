/**
 * @module
 * What a data source's sync costs, on real PostgreSQL: a git repository of 1,000 files (10
 * folders of 100, about 1 KB each) served over smart HTTP on 127.0.0.1 (git http-backend), synced
 * through `POST core/data-sources/{id}/sync/` and its job (timed until the job ends) — first (1,000 files created), after a commit
 * changing 100 and adding 10 and deleting 10, and unchanged — against `git clone --depth 1` of
 * the same repository by the git program (the baseline: fetching alone, natively), and the same
 * files synced from a local directory (no clone). Medians of 3 each, a fresh source each first sync.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { gitRepository, startGitHttpServer } from '../../runtime/testing/gitHttpServer.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen, median } from './timing.ts';

export interface DataSourceSyncFigures {
  files: number;
  firstSyncMs: number[];
  changedSyncMs: number[];
  unchangedSyncMs: number[];
  localSyncMs: number[];
  gitCloneMs: number[];
  /** CPU time of this process (the server: clone, reads, statements) during each first git sync. */
  firstSyncCpuMs: number[];
}

const TOKEN = '0123456789abcdef0123456789abcdef0123456c';
const TURNS = 3;
const run = promisify(execFile);

/** A file of about 1 KB: a config template's worth of lines. */
const content = (folder: number, file: number, version = 1) =>
  Array.from({ length: 24 }, (_, line) => `interface Ethernet${folder}/${file}/${line} ! v${version} {{ device.name }} description uplink\n`).join('');

export async function measureDataSourceSync(adminUrl: string): Promise<DataSourceSyncFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_datasync_${process.pid}`);
  const git = await startGitHttpServer();
  try {
    const repo = await gitRepository(git.root, 'configs');
    const files: Record<string, string> = {};
    for (let folder = 0; folder < 10; folder++) for (let file = 0; file < 100; file++) files[`site-${folder}/device-${file}.j2`] = content(folder, file);
    await repo.commit(files, 'a thousand files');
    const { app, queue } = await startInventoryServer(scratch.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN, JOB_WORKERS: '1' });
    const server = await listen(app);
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const call = async (method: string, path: string, body?: unknown): Promise<any> => {
        const response = await fetch(`${server.url}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
        return answer;
      };
      let lastCpuMs = 0;
      const timedSync = async (id: number, expectFiles: number): Promise<number> => {
        const start = performance.now();
        const cpu = process.cpuUsage();
        await call('POST', `core/data-sources/${id}/sync/`);
        // The sync is a job: timed until the job has ended (its pickup included).
        let job: any;
        for (;;) {
          job = (await call('GET', `core/jobs/?object_type=core.datasource&object_id=${id}&limit=1`)).results[0];
          if (['completed', 'failed', 'errored'].includes(job?.status?.value)) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const elapsed = performance.now() - start;
        const answer = await call('GET', `core/data-sources/${id}/`);
        const used = process.cpuUsage(cpu);
        lastCpuMs = (used.user + used.system) / 1000;
        if (answer.status.value !== 'completed' || answer.file_count !== expectFiles) throw new Error(`sync ${id}: ${answer.status?.value}, ${answer.file_count} files, not ${expectFiles}`);
        return elapsed;
      };
      const figures: DataSourceSyncFigures = { files: 1000, firstSyncMs: [], changedSyncMs: [], unchangedSyncMs: [], localSyncMs: [], gitCloneMs: [], firstSyncCpuMs: [] };
      const url = `${git.url}/configs.git`;
      let last = 0;
      let tracked = 1000;
      for (let turn = 0; turn < TURNS; turn++) {
        const source = await call('POST', 'core/data-sources/', { name: `Git ${turn}`, type: 'git', source_url: url });
        figures.firstSyncMs.push(await timedSync(source.id, 1000));
        figures.firstSyncCpuMs.push(lastCpuMs);
        last = source.id;
      }
      for (let turn = 0; turn < TURNS; turn++) {
        const change: Record<string, string | null> = {};
        for (let i = 0; i < 100; i++) change[`site-${i % 10}/device-${i}.j2`] = content(i % 10, i, turn + 2);
        for (let i = 0; i < 10; i++) change[`new-${turn}/file-${i}.j2`] = content(99, i);
        for (let i = 0; i < 10; i++) change[turn === 0 ? `site-9/device-${80 + i}.j2` : `new-${turn - 1}/file-${i}.j2`] = null;
        await repo.commit(change, `change ${turn}`);
        tracked = (await repo.git('ls-files')).trim().split('\n').length;
        figures.changedSyncMs.push(await timedSync(last, tracked));
        figures.unchangedSyncMs.push(await timedSync(last, tracked));
      }
      for (let turn = 0; turn < TURNS; turn++) {
        const source = await call('POST', 'core/data-sources/', { name: `Local ${turn}`, type: 'local', source_url: repo.dir });
        figures.localSyncMs.push(await timedSync(source.id, tracked));
      }
      for (let turn = 0; turn < TURNS; turn++) {
        const dir = await mkdtemp(join(tmpdir(), 'bench-clone-'));
        const start = performance.now();
        await run('git', ['clone', '-q', '--depth', '1', '--single-branch', url, dir]);
        figures.gitCloneMs.push(performance.now() - start);
        await rm(dir, { recursive: true, force: true });
      }
      return figures;
    } finally {
      await server.close();
      await queue.stop();
    }
  } finally {
    await git.close();
    await scratch.drop();
  }
}

/** The figures as bench.ts rows. */
export function dataSourceSyncRows(f: DataSourceSyncFigures): [string, string, string, string][] {
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  const times = (values: number[]) => `${(median(values) / median(f.gitCloneMs)).toFixed(1)}× baseline`;
  return [
    [`git clone --depth 1 of a repository of ${f.files.toLocaleString('en')} files over HTTP on 127.0.0.1, by the git program (baseline; median of ${TURNS})`, ms(f.gitCloneMs), '', ''],
    [`POST data-sources/{id}/sync/, git over HTTP, ${f.files.toLocaleString('en')} files created (median of ${TURNS})`, ms(f.firstSyncMs), times(f.firstSyncMs), '< 5000 ms'],
    ['  of which CPU time of the server process (clone, file reads, statements; the git server is apart)', ms(f.firstSyncCpuMs), '', ''],
    ['the same source after a commit changing 100 files, adding 10 and deleting 10', ms(f.changedSyncMs), times(f.changedSyncMs), ''],
    ['the same source again, unchanged', ms(f.unchangedSyncMs), times(f.unchangedSyncMs), ''],
    [`a local directory of the same ${f.files.toLocaleString('en')} files, created (no clone)`, ms(f.localSyncMs), times(f.localSyncMs), ''],
  ];
}
