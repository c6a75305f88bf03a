/**
 * @module
 * Measuring primitives of the benchmark: median wall time of a command, requests per second of a
 * URL under concurrent loops, and an ephemeral HTTP listener for a Hono app.
 */
import { execFileSync } from 'node:child_process';
import { serve } from '@hono/node-server';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time (ms) of `node <args>` over `runs` runs, after one warm-up run. */
export function timeNode(args: string[], cwd: string, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    execFileSync(process.execPath, args, { cwd, stdio: 'ignore' });
    if (i > 0) times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Requests per second of GET `url` over `durationMs` with `concurrency` loops. Every response is
 * checked (status 200 and `expectResults` results), so a fast wrong answer cannot win.
 */
export async function requestsPerSecond(url: string, headers: Record<string, string>, expectResults: number, durationMs: number, concurrency = 8): Promise<number> {
  const until = performance.now() + durationMs;
  let done = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { results?: unknown[] };
      if (response.status !== 200 || body.results?.length !== expectResults) throw new Error(`unexpected response ${response.status} from ${url}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return done / ((performance.now() - started) / 1000);
}

export interface Listening {
  url: string;
  close: () => void;
}

export function listen(app: { fetch: (r: Request) => Response | Promise<Response> }): Promise<Listening> {
  return new Promise((resolveListen) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolveListen({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}

/**
 * A client that POSTs JSON to `<url>/api/<path>/` with `headers` and answers the parsed body,
 * throwing with the answer when it is not 201: how benchmarks build their data through the API.
 */
export function apiPoster(url: string, headers: Record<string, string>): (path: string, body: unknown) => Promise<any> {
  return async (path, body) => {
    const response = await fetch(`${url}/api/${path}/`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = await response.json();
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
}
