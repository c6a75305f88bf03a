/**
 * @module
 * How long a bridge process takes from being started to having answered `tools/list` over stdio, as an
 * MCP client that spawns it sees it: spawn, `initialize`, `notifications/initialized`, `tools/list`,
 * and the whole answer read. Measured against spawning `node -e 0` in the same loop, so both see the
 * same machine load.
 */
import { spawn } from 'node:child_process';

export interface StartSample {
  ms: number;
  tools: number;
  /** Size of the tools/list answer, bytes. */
  bytes: number;
}

/** Milliseconds from spawning `node <args>` until it exits. */
export function spawnToExit(args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

/** Starts `node <args>` as an MCP stdio server and times it to the end of its tools/list answer. */
export function spawnToToolsList(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<StartSample> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return new Promise<StartSample>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no tools/list answer within ${options.timeoutMs ?? 20_000} ms; stderr:\n${stderr}`)), options.timeoutMs ?? 20_000);
    const finish = (outcome: StartSample | Error) => {
      clearTimeout(timer);
      child.kill();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] }; error?: unknown };
        if (message.error) return finish(new Error(`the bridge answered ${JSON.stringify(message.error)}`));
        if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        } else if (message.id === 2) {
          return finish({ ms: performance.now() - started, tools: message.result?.tools?.length ?? 0, bytes: Buffer.byteLength(line) });
        }
      }
    });
    child.once('exit', (code) => finish(new Error(`the bridge exited with ${code} before answering tools/list; stderr:\n${stderr}`)));
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  });
}
