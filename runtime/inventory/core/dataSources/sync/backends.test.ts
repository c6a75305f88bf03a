import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSource, SyncError, urlScheme, withoutCredentials } from './backends.ts';

describe('data backends', () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    // Accepts the request and never answers: a remote that hangs.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hang.git`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up a clone past its time limit, leaving no temporary directory', async () => {
    const before = (await readdir(tmpdir())).filter((name) => name.startsWith('netbox-datasource-')).length;
    const started = Date.now();
    const error = await fetchSource({ type: 'git', url, parameters: null }, { timeoutMs: 300 }).catch((e) => e);
    expect(error).toBeInstanceOf(SyncError);
    expect(error.message).toBe('Fetching remote data failed (TimeoutError): the clone took longer than 0.3 s');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await readdir(tmpdir())).filter((name) => name.startsWith('netbox-datasource-')).length).toBe(before);
  });

  it('refuses a backend this server does not serve', async () => {
    await expect(fetchSource({ type: 'amazon-s3', url: 's3://b/', parameters: null }, { timeoutMs: 1000 })).rejects.toThrow('The amazon-s3 backend is not available on this server.');
  });

  it('reads URL schemes as urlparse, and hides passwords', () => {
    expect(urlScheme('FILE:///srv')).toBe('file');
    expect(urlScheme('/srv/configs')).toBe('');
    expect(withoutCredentials('failed for https://user:pa55@git.example.com/x.git')).toBe('failed for https://user:***@git.example.com/x.git');
    expect(withoutCredentials('https://user@git.example.com/x.git')).toBe('https://user@git.example.com/x.git');
  });
});
