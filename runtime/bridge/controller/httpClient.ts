/**
 * @module
 * One HTTP exchange with the controller, through undici with keep-alive connections. Redirects are
 * never followed (a 302 to `welcome.html` is how an expired session shows). Transport failures are
 * classified so the retry policy can tell a timeout or a reset (retried) from a TLS error (not).
 * undici loads with the first exchange, not with the bridge: a start that only lists tools does
 * without it.
 */
import type { Agent } from 'undici';

export interface HttpRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; `set-cookie` may be a list. */
  headers: Record<string, string | string[]>;
  text: string;
}

export type TransportFailure = 'timeout' | 'reset' | 'dns' | 'refused' | 'tls' | 'other';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Failures worth another attempt: the controller may answer next time. */
export const TRANSIENT_FAILURES: ReadonlySet<TransportFailure> = new Set(['timeout', 'reset', 'dns', 'refused']);

export interface HttpClient {
  send(req: HttpRequest, timeoutMs: number): Promise<HttpResponse>;
  close(): Promise<void>;
}

function classify(error: unknown, timeoutMs: number): TransportError {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  const message = e?.cause?.message ?? e?.message ?? String(error);
  if (e?.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new TransportError('timeout', `no answer within ${timeoutMs / 1000} s`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TransportError('dns', `host name lookup failed (${code})`);
  if (code === 'ECONNREFUSED') return new TransportError('refused', 'connection refused');
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED' || /other side closed|socket hang up/i.test(message)) {
    return new TransportError('reset', 'connection reset by the controller');
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(`${code} ${message}`)) {
    return new TransportError('tls', `TLS failure: ${message} (set controller.verify_ssl: false only for a lab controller)`);
  }
  return new TransportError('other', message);
}

export function createHttpClient(options: { verifyTls: boolean }): HttpClient {
  let loaded: Promise<{ agent: Agent; request: typeof import('undici').request }> | null = null;
  const undici = () =>
    (loaded ??= import('undici').then((module) => {
      // undici is CommonJS: Node names its exports, a bundle may hand over module.exports as `default`.
      const undici = (module.Agent ? module : (module as unknown as { default: typeof module }).default) as typeof module;
      return { agent: new undici.Agent({ connect: { rejectUnauthorized: options.verifyTls }, keepAliveTimeout: 30_000 }), request: undici.request };
    }));
  return {
    async send(req, timeoutMs) {
      const { agent, request } = await undici();
      try {
        const res = await request(req.url, {
          dispatcher: agent,
          method: req.method as 'GET',
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.body.text();
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name.toLowerCase()] = value;
        return { status: res.statusCode, headers, text };
      } catch (error) {
        throw classify(error, timeoutMs);
      }
    },
    close: async () => {
      if (loaded) await (await loaded).agent.close();
    },
  };
}

export function headerValue(headers: Record<string, string | string[]>, name: string): string {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
