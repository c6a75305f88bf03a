/**
 * @module
 * Why the HTTP transport could not listen, said in one line a person can act on. Node's own messages
 * (`listen EADDRINUSE: address already in use 127.0.0.1:8000`) name the errno, not the setting that
 * chose the address nor what to change; the CLI prints this message alone, without a stack.
 */

/** The transport could not bind its address; `message` is one line naming the address and the fix. */
export class ListenError extends Error {
  constructor(
    message: string,
    /** Node's error code (`EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL`, `ENOTFOUND`, …). */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

/** An IPv6 address in brackets, as it is written before a port. */
function shownHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Turns an error of `server.listen(port, host)` into a ListenError that says what to do. */
export function listenError(error: unknown, host: string, port: number): ListenError {
  const e = error as NodeJS.ErrnoException;
  const code = e?.code ?? 'UNKNOWN';
  const at = shownHost(host);
  switch (code) {
    case 'EADDRINUSE':
      return new ListenError(`port ${port} on ${at} is in use; choose another with --port (transport.port), or stop the program using it`, code);
    case 'EACCES':
    case 'EPERM':
      return new ListenError(
        `no permission to listen on port ${port} of ${at}; ${port < 1024 ? 'ports below 1024 need privileges: choose one from 1024 up' : 'choose another'} with --port (transport.port)`,
        code,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(`cannot listen on ${at}: it is not an address of this machine; choose another with --host (transport.host), e.g. 127.0.0.1`, code);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_FAIL':
      return new ListenError(`cannot listen on ${at}: the name does not resolve to an address (${code}); choose another with --host (transport.host), e.g. 127.0.0.1`, code);
    default:
      // Anything else (a port Node refuses, EINVAL on an odd address): Node's text, first line only.
      return new ListenError(`cannot listen on ${at} port ${port}: ${String(e?.message ?? error).split('\n')[0]}; check --host and --port (transport.host, transport.port)`, code);
  }
}
