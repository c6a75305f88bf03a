/** A bounded thread ends work that overruns its time, and the next call gets a fresh thread. */
import { afterAll, describe, expect, it } from 'vitest';
import { BoundedThread, ThreadOverrun } from './index.ts';

const sample = new URL('../testing/workerSample.ts', import.meta.url);
const thread = new BoundedThread({ timeoutMs: 1_500, startupMs: 20_000 });
afterAll(() => thread.close());

describe('BoundedThread', () => {
  it('rejects a call that overruns with ThreadOverrun, then serves the next one', async () => {
    await thread.call(sample, 'spin', 1); // started: the next call has no start-up allowance
    const overran = await thread.call(sample, 'spin', 60_000).catch((error: unknown) => error);
    expect(overran).toBeInstanceOf(ThreadOverrun);
    expect(overran).toMatchObject({ limit: 'time' });
    const result = await thread.call<{ spun: number }>(sample, 'spin', 10);
    expect(result.spun).toBeGreaterThan(0);
  }, 30_000);

  it('gives errors back by name and message', async () => {
    await expect(thread.call(sample, 'crash')).rejects.toMatchObject({ name: 'TypeError', message: 'crashed' });
  }, 30_000);
});
