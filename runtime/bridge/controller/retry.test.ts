import { describe, expect, it } from 'vitest';
import { TransportError, type HttpResponse } from './httpClient.ts';
import { backoffDelay, sendWithRetry, type RetryPolicy } from './retry.ts';

const POLICY: RetryPolicy = { maxAttempts: 3, statuses: [502, 503, 504], backoffBase: 0.5, backoffCap: 8, retryMutating: false };

function answers(...items: (number | TransportError)[]) {
  let calls = 0;
  const send = async (): Promise<HttpResponse> => {
    const item = items[Math.min(calls++, items.length - 1)];
    if (item instanceof TransportError) throw item;
    return { status: item, headers: {}, text: '' };
  };
  return { send, calls: () => calls };
}

function recorder() {
  const sleeps: number[] = [];
  return { sleeps, hooks: { sleep: async (ms: number) => void sleeps.push(ms) } };
}

describe('retry backoff', () => {
  it('waits raw/2 + uniform(0, raw/2) with raw = min(cap, base * 2**attempt)', () => {
    expect(backoffDelay(0, POLICY, () => 0)).toBe(0.25);
    expect(backoffDelay(0, POLICY, () => 1)).toBe(0.5);
    expect(backoffDelay(2, POLICY, () => 0.5)).toBe(1.5);
    expect(backoffDelay(10, POLICY, () => 0)).toBe(4);
    expect(backoffDelay(10, POLICY, () => 1)).toBe(8);
    for (let attempt = 0; attempt < 8; attempt++) {
      const raw = Math.min(8, 0.5 * 2 ** attempt);
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(attempt, POLICY);
        expect(d).toBeGreaterThanOrEqual(raw / 2);
        expect(d).toBeLessThanOrEqual(raw);
      }
    }
  });
});

describe('sendWithRetry', () => {
  it('retries listed statuses up to max_attempts with growing delays', async () => {
    const a = answers(503, 502, 200);
    const r = recorder();
    const out = await sendWithRetry('GET', a.send, POLICY, r.hooks);
    expect(out).toMatchObject({ attempts: 3, response: { status: 200 } });
    expect(r.sleeps).toHaveLength(2);
    expect(r.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(r.sleeps[0]).toBeLessThanOrEqual(500);
    expect(r.sleeps[1]).toBeGreaterThanOrEqual(500);
    expect(r.sleeps[1]).toBeLessThanOrEqual(1000);
  });

  it('returns the last response when the attempts run out', async () => {
    const a = answers(503);
    const out = await sendWithRetry('GET', a.send, POLICY, recorder().hooks);
    expect(out).toMatchObject({ attempts: 3, response: { status: 503 } });
    expect(a.calls()).toBe(3);
  });

  it('tries a mutating method once unless retry_mutating', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const a = answers(503, 200);
      expect((await sendWithRetry(method, a.send, POLICY, recorder().hooks)).response.status).toBe(503);
      expect(a.calls()).toBe(1);
    }
    const b = answers(503, 200);
    expect((await sendWithRetry('POST', b.send, { ...POLICY, retryMutating: true }, recorder().hooks)).attempts).toBe(2);
  });

  it('does not retry statuses outside the list, and max_attempts 1 disables retries', async () => {
    const a = answers(404, 200);
    expect((await sendWithRetry('GET', a.send, POLICY, recorder().hooks)).response.status).toBe(404);
    const b = answers(500, 200);
    expect((await sendWithRetry('GET', b.send, POLICY, recorder().hooks)).response.status).toBe(500);
    const c = answers(503, 200);
    expect((await sendWithRetry('GET', c.send, { ...POLICY, maxAttempts: 1 }, recorder().hooks)).response.status).toBe(503);
  });

  it('retries timeouts, resets, DNS failures and refused connections, but not TLS failures', async () => {
    for (const kind of ['timeout', 'reset', 'dns', 'refused'] as const) {
      const a = answers(new TransportError(kind, kind), 200);
      expect((await sendWithRetry('GET', a.send, POLICY, recorder().hooks)).attempts).toBe(2);
    }
    const tls = answers(new TransportError('tls', 'bad certificate'), 200);
    await expect(sendWithRetry('GET', tls.send, POLICY, recorder().hooks)).rejects.toThrow('bad certificate');
    expect(tls.calls()).toBe(1);
    const always = answers(new TransportError('timeout', 'no answer'));
    const error = await sendWithRetry('GET', always.send, POLICY, recorder().hooks).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as { attempts: number }).attempts).toBe(3);
    const post = answers(new TransportError('timeout', 'no answer'), 200);
    await expect(sendWithRetry('POST', post.send, POLICY, recorder().hooks)).rejects.toThrow('no answer');
    expect(post.calls()).toBe(1);
  });

  it('does not sleep when backoff_base is 0', async () => {
    const r = recorder();
    await sendWithRetry('GET', answers(503, 200).send, { ...POLICY, backoffBase: 0 }, r.hooks);
    expect(r.sleeps).toEqual([]);
  });
});
