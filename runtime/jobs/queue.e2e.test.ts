/**
 * The job queue on both databases: a task exists only once its transaction commits and is run
 * promptly; failures are retried with back-off, JobFailed and errors end the job as NetBox's
 * JobRunner does; scheduled, interval, timed-out, stopped and orphaned tasks behave; and (on
 * PostgreSQL) two queues on separate connections run each of many tasks once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { until } from '../testing/jobs.ts';
import { enqueue, JobFailed, JobQueue, type TaskHandler } from './index.ts';

type Row = Record<string, any>;


describe.each(testDatabases())('the job queue on $name', (database) => {
  let db: Database;
  let drop: () => Promise<void>;
  let queue: JobQueue;
  const runs: string[] = [];
  let flaky = 0;
  const handlers: Record<string, TaskHandler> = {
    'test.echo': async (run) => (runs.push(String((run.data as Row).tag)), { echoed: (run.data as Row).tag, attempt: run.attempt }),
    'test.flaky': async (run) => {
      run.log('info', `attempt ${run.attempt}`);
      if (++flaky < 3) throw new Error(`flake ${flaky}`);
      return { ok: true };
    },
    'test.fail': async () => {
      throw new JobFailed('the data was wrong');
    },
    'test.crash': async () => {
      throw new TypeError('boom');
    },
    'test.hang': (run) => new Promise((resolve) => run.signal.addEventListener('abort', () => resolve(null))),
  };

  beforeAll(async () => {
    const opened = await database.open();
    db = opened.db;
    drop = opened.drop;
    queue = new JobQueue({ db, handlers, services: null, workers: 2, retryBaseMs: 50, heartbeatMs: 100, name: 'test' });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await drop?.();
  });

  const job = async (id: number | null) => (await db.query<Row>('SELECT * FROM core_job WHERE id = $1', [id]))[0];
  const taskOf = async (taskId: string) => (await db.query<Row>('SELECT * FROM core_task WHERE task_id = $1', [taskId]))[0];

  it('runs a task once its transaction commits, and keeps its job', async () => {
    const enqueued = await db.transaction((tx) => enqueue(tx, { kind: 'test.echo', data: { tag: 'a' }, job: { name: 'Echo' } }));
    await until(async () => (await job(enqueued.jobId))?.status === 'completed');
    const done = await job(enqueued.jobId);
    expect(done.data).toEqual({ echoed: 'a', attempt: 1 });
    expect(done.started).not.toBeNull();
    expect(done.completed).not.toBeNull();
    expect(done.job_id).toBe(enqueued.taskId);
    expect((await taskOf(enqueued.taskId)).status).toBe('finished');
  });

  it('never runs a task whose transaction rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.echo', data: { tag: 'rolled-back' } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await enqueue(db, { kind: 'test.echo', data: { tag: 'after' } });
    await until(async () => runs.includes('after'));
    expect(runs).not.toContain('rolled-back');
  });

  it('retries a failing task with back-off, then completes it', async () => {
    const enqueued = await enqueue(db, { kind: 'test.flaky', maxAttempts: 3, job: { name: 'Flaky' } });
    await until(async () => (await job(enqueued.jobId))?.status === 'completed');
    const done = await job(enqueued.jobId);
    expect((await taskOf(enqueued.taskId)).attempts).toBe(3);
    const messages = done.log_entries.map((e: Row) => `${e.level}:${e.message}`);
    expect(messages.filter((m: string) => m.startsWith('warning:Attempt'))).toHaveLength(2);
    expect(messages).toContain('info:attempt 3');
  });

  it('ends a job failed on JobFailed (no retry) and errored on an exception', async () => {
    const failed = await enqueue(db, { kind: 'test.fail', maxAttempts: 3, job: { name: 'Fail' } });
    const crashed = await enqueue(db, { kind: 'test.crash', job: { name: 'Crash' } });
    await until(async () => (await job(failed.jobId))?.status === 'failed' && (await job(crashed.jobId))?.status === 'errored');
    expect((await taskOf(failed.taskId)).attempts).toBe(1);
    expect((await job(failed.jobId)).log_entries.at(-1)).toMatchObject({ level: 'failure', message: 'the data was wrong' });
    expect((await job(crashed.jobId)).error).toBe("TypeError('boom')");
    expect((await taskOf(crashed.taskId)).status).toBe('failed');
  });

  it('runs a scheduled task when it is due, not before', async () => {
    const runAt = new Date(Date.now() + 600);
    const enqueued = await enqueue(db, { kind: 'test.echo', data: { tag: 'scheduled' }, runAt, job: { name: 'Later' } });
    expect((await job(enqueued.jobId)).status).toBe('scheduled');
    await until(async () => runs.includes('scheduled'));
    const started = Date.parse((await job(enqueued.jobId)).started.replace(' ', 'T').replace(/\+00$/, 'Z'));
    expect(started).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it('schedules the next run of an interval job', async () => {
    const enqueued = await enqueue(db, { kind: 'test.echo', data: { tag: 'every' }, intervalMinutes: 60, job: { name: 'Hourly' } });
    await until(async () => (await job(enqueued.jobId))?.status === 'completed');
    const next = await db.query<Row>(`SELECT * FROM core_job WHERE name = 'Hourly' AND status = 'scheduled'`);
    expect(next).toHaveLength(1);
    expect(next[0].interval).toBe(60);
  });

  it('stops a task past its timeout, and one asked to stop', async () => {
    const timed = await enqueue(db, { kind: 'test.hang', timeoutSeconds: 1, job: { name: 'Hang' } });
    await until(async () => (await job(timed.jobId))?.status === 'errored');
    expect((await job(timed.jobId)).error).toMatch(/maximum timeout/);
    const held = await enqueue(db, { kind: 'test.hang', job: { name: 'Held' } });
    await until(async () => (await taskOf(held.taskId)).status === 'started');
    await db.query('UPDATE core_task SET stop_requested = true WHERE task_id = $1', [held.taskId]);
    await until(async () => (await taskOf(held.taskId)).status === 'stopped');
    expect((await job(held.jobId)).status).toBe('failed');
  });

  it('takes back the task of a worker that stopped sending heartbeats', async () => {
    const enqueued = await db.transaction(async (tx) => {
      const e = await enqueue(tx, { kind: 'test.echo', data: { tag: 'orphan' }, maxAttempts: 2, runAt: new Date(Date.now() + 3_600_000) });
      // As if a process had claimed it and died two minutes ago.
      await tx.query(`UPDATE core_task SET status = 'started', attempts = 1, heartbeat = now() - interval '2 minutes' WHERE task_id = $1`, [e.taskId]);
      return e;
    });
    await until(async () => runs.includes('orphan'), 20_000);
    expect((await taskOf(enqueued.taskId)).attempts).toBe(2);
  });
});

describe.each(testDatabases().filter((d) => d.name === 'postgres'))('two queues on one $name database', (database) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    db = opened.db;
    drop = opened.drop;
  });
  afterAll(async () => {
    await drop?.();
  });

  it('shares one queue between two connections, each task run once', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const [{ current }] = await db.query<{ current: string }>('SELECT current_database() AS current');
    const other = await openDatabase({ url: url.replace(/\/[^/]*$/, `/${current}`) });
    const counts = new Map<string, number>();
    const tally: TaskHandler = async (run) => void counts.set(String(run.data), (counts.get(String(run.data)) ?? 0) + 1);
    const first = new JobQueue({ db, handlers: { 'test.tally': tally }, services: null, workers: 2, name: 'first' });
    const second = new JobQueue({ db: other, handlers: { 'test.tally': tally }, services: null, workers: 2, name: 'second' });
    await first.start();
    await second.start();
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) await enqueue(tx, { kind: 'test.tally', data: `t${i}` });
      });
      await until(async () => counts.size === 200, 30_000);
      await new Promise((r) => setTimeout(r, 200));
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const byWorker = await db.query<Row>(`SELECT split_part(worker_name, '.', 1) AS who, count(*)::int AS n FROM core_task WHERE kind = 'test.tally' GROUP BY 1`);
      expect(byWorker.map((r) => r.who).sort()).toEqual(['first', 'second']);
    } finally {
      await first.stop();
      await second.stop();
      await other.close();
    }
  });
});
