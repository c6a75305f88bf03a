/**
 * @module
 * Taking the server's port, with the reasons it can fail said in one line (ListenError): a port in
 * use, one that needs privileges, a host that is no address of this machine.
 */
import type { ServerType } from '@hono/node-server';

export class ListenError extends Error {
  override name = 'ListenError';
}

const REASONS: Record<string, (where: string, port: number) => string> = {
  EADDRINUSE: (where, port) => `${where} is in use (another server?): stop it, or choose another port with --port (or PORT); this one asked for ${port}`,
  EACCES: (where) => `${where} needs privileges this process does not have: choose a port above 1023 with --port`,
  EADDRNOTAVAIL: (where) => `${where} cannot be bound: the host is no address of this machine (--host, or HOST)`,
  ENOTFOUND: (where) => `${where} cannot be bound: the host name does not resolve (--host, or HOST)`,
};

/** Starts listening; resolves once the port is taken, or rejects with a ListenError saying why not. */
export function listen(server: ServerType, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const reason = REASONS[error.code ?? ''];
      const where = `port ${port} on ${host}`;
      reject(reason ? new ListenError(reason(where, port)) : new ListenError(`cannot listen on ${where}: ${error.message}`));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
