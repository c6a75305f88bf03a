/**
 * @module
 * Loads asked for in one turn of the event loop are fetched together: a path tracer follows one
 * path with plain `await`s, and tracing a thousand paths at once still costs one query per step
 * and kind of data, not per path (the DataLoader pattern). Answers are kept for the coalescer's
 * life, one retrace, during which the graph does not change.
 */

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

export class Coalescer<V> {
  private readonly answers = new Map<string, Promise<V | undefined>>();
  private queue = new Map<string, Waiter<V>>();

  constructor(private readonly fetch: (keys: string[]) => Promise<Map<string, V>>) {}

  load(key: string): Promise<V | undefined> {
    const known = this.answers.get(key);
    if (known) return known;
    const answer = new Promise<V | undefined>((resolve, reject) => {
      if (!this.queue.size) setImmediate(() => void this.flush());
      this.queue.set(key, { resolve, reject });
    });
    this.answers.set(key, answer);
    return answer;
  }

  loadMany(keys: readonly string[]): Promise<(V | undefined)[]> {
    return Promise.all(keys.map((key) => this.load(key)));
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = new Map();
    try {
      const found = await this.fetch([...batch.keys()]);
      for (const [key, waiter] of batch) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  }
}
