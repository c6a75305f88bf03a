/**
 * The job queue through NetBox's API, on both databases: Job records in `core/jobs/` (read only,
 * NetBox's fields and filters), the background queues, workers and tasks views (superuser only)
 * with their actions, the running workers in `/api/status/`, and a data source's `sync_interval`
 * keeping one recurring sync job.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../../jobs/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { endedJob, settled } from '../../../testing/jobs.ts';

describe.each(testDatabases())('jobs and background tasks on $name', (database) => {
  let api: TestClient;
  let local: string;
  let viewer: Record<string, string>;

  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { JOB_WORKERS: '2' });
    local = await mkdtemp(join(tmpdir(), 'jobs-local-'));
    await writeFile(join(local, 'a.txt'), 'a');
    const user = (await api.request('POST', '/api/users/users/', { username: 'viewer', password: 'Viewer-pass-1' })).body;
    await api.request('POST', '/api/users/permissions/', { name: 'view jobs', object_types: ['core.job', 'core.datasource'], actions: ['view'], users: [user.id] });
    const token = (await api.request('POST', '/api/users/tokens/provision/', { username: 'viewer', password: 'Viewer-pass-1' }, { Authorization: '' })).body;
    viewer = { Authorization: `Token nbt_${token.key}.${token.token}` };
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    if (local) await rm(local, { recursive: true, force: true });
  });

  it('shows the jobs of a sync with NetBox fields, brief fields and filters, read only', async () => {
    const source = (await api.request('POST', '/api/core/data-sources/', { name: 'Jobs', type: 'local', source_url: local })).body;
    await api.request('POST', `/api/core/data-sources/${source.id}/sync/`);
    const job = await endedJob(api, 'core.datasource', source.id);
    expect(Object.keys(job)).toEqual(['id', 'url', 'display_url', 'display', 'object_type', 'object_id', 'object', 'name', 'status', 'created', 'scheduled', 'interval', 'started', 'completed', 'user', 'data', 'error', 'job_id', 'queue_name', 'notifications', 'log_entries']);
    expect(job).toMatchObject({ display: 'Synchronization', object: { id: source.id, name: 'Jobs' }, status: { value: 'completed', label: 'Completed' }, queue_name: 'default', notifications: { value: 'always' }, error: '' });
    expect(job.log_entries.map((e: any) => e.level)).toContain('info');
    const brief = (await api.request('GET', `/api/core/jobs/${job.id}/?brief=1`)).body;
    expect(Object.keys(brief).sort()).toEqual(['completed', 'created', 'status', 'url', 'user']);
    for (const query of ['status=completed', `object_type=core.datasource&object_id=${source.id}`, 'name=Synchronization', 'q=synchron', 'user=admin', `job_id=${job.job_id}`, 'completed__after=2000-01-01']) {
      expect((await api.request('GET', `/api/core/jobs/?${query}`)).body.results.map((j: any) => j.id), query).toContain(job.id);
    }
    expect((await api.request('GET', '/api/core/jobs/?status=failed')).body.results.map((j: any) => j.id)).not.toContain(job.id);
    expect((await api.request('GET', '/api/core/jobs/?status=bogus')).status).toBe(400);
    expect((await api.request('POST', '/api/core/jobs/', {})).status).toBe(405);
    expect((await api.request('DELETE', `/api/core/jobs/${job.id}/`)).status).toBe(405);
  }, 60_000);

  it('lists the queues, the workers and the tasks to superusers only, with their actions', async () => {
    const workers = (await api.request('GET', '/api/core/background-workers/')).body;
    expect(workers.count).toBe(2);
    expect(workers.results[0]).toMatchObject({ state: expect.stringMatching(/idle|busy/), pid: process.pid, queue_names: ['high', 'default', 'low'] });
    expect((await api.request('GET', `/api/core/background-workers/${workers.results[0].name}/`)).body.name).toBe(workers.results[0].name);
    expect((await api.request('GET', '/api/core/background-workers/nobody/')).body).toEqual({ detail: 'Worker nobody not found' });
    expect((await api.request('GET', '/api/status/')).body['rq-workers-running']).toBe(2);

    // A task due in an hour waits: scheduled, and counted so.
    const later = await api.db.transaction((tx) => enqueue(tx, { kind: 'core.housekeeping', runAt: new Date(Date.now() + 3_600_000), job: { name: 'Later' } }));
    const queues = (await api.request('GET', '/api/core/background-queues/')).body;
    expect(queues.results.map((q: any) => q.name)).toEqual(['high', 'default', 'low']);
    expect(queues.results[1]).toMatchObject({ name: 'default', workers: 2, scheduled_jobs: 1, index: 1 });
    expect((await api.request('GET', '/api/core/background-queues/default/')).body.scheduled_jobs).toBe(1);
    expect((await api.request('GET', '/api/core/background-queues/nope/')).status).toBe(404);

    const task = (await api.request('GET', `/api/core/background-tasks/${later.taskId}/`)).body;
    expect(task).toMatchObject({ id: later.taskId, origin: 'default', func_name: 'core.housekeeping', status: 'scheduled', is_scheduled: true, is_finished: false });
    expect((await api.request('GET', '/api/core/background-tasks/')).body.results.map((t: any) => t.id)).toContain(later.taskId);
    // Enqueued now, it runs.
    expect((await api.request('POST', `/api/core/background-tasks/${later.taskId}/enqueue/`)).status).toBe(200);
    await settled(api.db);
    expect((await api.request('GET', `/api/core/background-tasks/${later.taskId}/`)).body).toMatchObject({ status: 'finished', is_finished: true });
    expect((await api.request('GET', `/api/core/jobs/${later.jobId}/`)).body.status.value).toBe('completed');
    // Nothing runs it: stop/ answers 204; requeue/ runs it again; delete/ removes it.
    expect((await api.request('POST', `/api/core/background-tasks/${later.taskId}/stop/`)).status).toBe(204);
    expect((await api.request('POST', `/api/core/background-tasks/${later.taskId}/requeue/`)).status).toBe(200);
    await settled(api.db);
    expect((await api.request('POST', `/api/core/background-tasks/${later.taskId}/delete/`)).status).toBe(200);
    expect((await api.request('GET', `/api/core/background-tasks/${later.taskId}/`)).body).toEqual({ detail: `Job ${later.taskId} not found.` });

    for (const path of ['/api/core/background-queues/', '/api/core/background-workers/', '/api/core/background-tasks/']) {
      expect((await api.request('GET', path, undefined, viewer)).status, path).toBe(403);
    }
    expect((await api.request('GET', '/api/core/jobs/', undefined, viewer)).status).toBe(200);
  }, 60_000);

  it('keeps one recurring sync job for a source with a sync interval, and none once it is cleared', async () => {
    const source = (await api.request('POST', '/api/core/data-sources/', { name: 'Hourly', type: 'local', source_url: local, sync_interval: 60 })).body;
    const first = await endedJob(api, 'core.datasource', source.id, 'status=completed');
    expect(first).toMatchObject({ interval: 60, status: { value: 'completed' } });
    const waiting = async () => (await api.request('GET', `/api/core/jobs/?object_type=core.datasource&object_id=${source.id}&status=scheduled`)).body.results;
    const next = await waiting();
    expect(next).toHaveLength(1);
    expect(next[0].interval).toBe(60);
    expect(Date.parse(next[0].scheduled)).toBeGreaterThan(Date.now() + 55 * 60_000);
    // Saving it again with the same interval keeps that schedule; another interval replaces it.
    await api.request('PATCH', `/api/core/data-sources/${source.id}/`, { description: 'again' });
    expect((await waiting()).map((j: any) => j.id)).toEqual([next[0].id]);
    await api.request('PATCH', `/api/core/data-sources/${source.id}/`, { sync_interval: 1440 });
    await settled(api.db);
    const daily = await waiting();
    expect(daily.map((j: any) => j.interval)).toEqual([1440]);
    await api.request('PATCH', `/api/core/data-sources/${source.id}/`, { sync_interval: null });
    expect(await waiting()).toEqual([]);
    // Deleting the source deletes its jobs.
    expect((await api.request('DELETE', `/api/core/data-sources/${source.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/core/jobs/?object_type=core.datasource&object_id=${source.id}`)).body.count).toBe(0);
  }, 60_000);
});
