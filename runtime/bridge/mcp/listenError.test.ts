import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { listenHttpTransport } from './httpTransport.ts';
import { ListenError, listenError } from './listenError.ts';

const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('listenError', () => {
  it('says in one line which address failed and what to change', () => {
    expect(listenError(errno('EADDRINUSE'), '127.0.0.1', 8100).message).toBe('port 8100 on 127.0.0.1 is in use; choose another with --port (transport.port), or stop the program using it');
    expect(listenError(errno('EACCES'), '0.0.0.0', 80).message).toBe('no permission to listen on port 80 of 0.0.0.0; ports below 1024 need privileges: choose one from 1024 up with --port (transport.port)');
    expect(listenError(errno('EACCES'), '127.0.0.1', 8100).message).toMatch(/^no permission to listen on port 8100 of 127\.0\.0\.1; choose another with --port/);
    expect(listenError(errno('EADDRNOTAVAIL'), '::2', 8100).message).toMatch(/^cannot listen on \[::2\]: it is not an address of this machine; choose another with --host/);
    expect(listenError(errno('ENOTFOUND'), 'nosuch.invalid', 8100).message).toMatch(/^cannot listen on nosuch\.invalid: the name does not resolve to an address \(ENOTFOUND\); choose another with --host/);
    const other = listenError(errno('EINVAL', 'listen EINVAL: invalid argument\nmore'), '127.0.0.1', 8100);
    expect(other.message).toBe('cannot listen on 127.0.0.1 port 8100: listen EINVAL: invalid argument; check --host and --port (transport.host, transport.port)');
    for (const e of [other, listenError('not even an Error', 'h', 1)]) expect(e.message).not.toContain('\n');
  });
});

describe('listenHttpTransport', () => {
  let holder: Server;
  let taken: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    taken = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => holder.close(resolve)));

  const listen = (host: string, port: number) =>
    listenHttpTransport({ mode: 'streamable-http', host, port, auth: { type: 'none', token: '' }, insecureAllowPublic: true, log: memoryLogger() });

  it('throws a ListenError for a port in use, a foreign address and a name that does not resolve', async () => {
    await expect(listen('127.0.0.1', taken)).rejects.toMatchObject({ name: 'ListenError', code: 'EADDRINUSE', message: expect.stringContaining(`port ${taken} on 127.0.0.1 is in use`) });
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    await expect(listen('192.0.2.1', 0)).rejects.toMatchObject({ code: 'EADDRNOTAVAIL' });
    const bad = await listen('nosuch.invalid', 0).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ListenError);
    expect((bad as ListenError).message).toMatch(/^cannot listen on nosuch\.invalid: the name does not resolve/);
  });

  it('answers 503 until it is given its MCP servers', async () => {
    const http = await listen('127.0.0.1', 0);
    try {
      const early = await fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');
      http.serve(() => {
        throw new Error('not reached: the body is no initialize request');
      });
      const later = await fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(later.status).toBe(400);
    } finally {
      await http.close();
    }
  });
});
