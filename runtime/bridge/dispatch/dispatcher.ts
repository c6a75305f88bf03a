/**
 * @module
 * Dispatches MCP tool calls to the controller: finds the tool and action in the tool table, builds the
 * request, sends it through the session (auth, retries, re-login), and turns the answer into an MCP
 * result. Errors are results with `isError: true` carrying a JSON object that says what went wrong
 * (and the controller's own error body when there is one); nothing here throws to the client.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TableOperation } from '../../contract/toolTable.ts';
import { headerValue, TransportError, type HttpRequest, type HttpResponse } from '../controller/httpClient.ts';
import { LoginError, SessionExpiredError, type ControllerSession } from '../controller/session.ts';
import type { Logger } from '../logger.ts';
import type { ActionLookup } from './actionLookup.ts';
import { errorResult, textResult } from './results.ts';
import { buildRequest, ParamsError, queryString, type BuiltRequest } from './buildRequest.ts';
import { buildDebugRecord, debugLine, type DebugRecord } from './debugCapture.ts';
import type { SecretScrubber } from './secretScrubber.ts';

export interface DebugSettings {
  enabled: boolean;
  redact: boolean;
  capture: 'errors' | 'all';
}

export interface DispatcherOptions {
  /** The tools and actions that may be called, and why others may not. */
  lookup: ActionLookup;
  session: ControllerSession;
  /** `https://host:port` (the REST base is `<baseUrl>/dataservice`). */
  baseUrl: string;
  debug: DebugSettings;
  /** Scrubs live credentials out of debug records (with redaction on). */
  scrubber: SecretScrubber;
  log: Logger;
}

type Json = unknown;

function parseBody(res: HttpResponse): Json {
  const type = headerValue(res.headers, 'content-type');
  if (!res.text) return null;
  if (/json/i.test(type) || (!type && /^\s*[[{]/.test(res.text))) {
    try {
      return JSON.parse(res.text) as Json;
    } catch {
      return res.text;
    }
  }
  return res.text;
}

/** Advice for the controller errors models trip over most. */
function hintFor(op: TableOperation, status: number, body: Json): string | undefined {
  const error = body && typeof body === 'object' ? (body as { error?: { code?: unknown } }).error : undefined;
  const code = typeof error?.code === 'string' ? error.code : '';
  if (code === 'REST0001' && op.path.startsWith('/statistics')) {
    return op.method === 'GET'
      ? 'Controllers reject the GET ?query= form of statistics queries; use the POST action of the same path with params {"query": {"condition": "AND", "rules": [...]}}.'
      : 'The statistics query was rejected: check params.query ({"condition": "AND"|"OR", "rules": [{"field", "type", "value", "operator"}]}) and bound it in time; the statistics database may also be disabled.';
  }
  if (status === 403) return 'The controller refused the operation: the configured user may lack the role it needs.';
  return undefined;
}

export class Dispatcher {
  constructor(private readonly options: DispatcherOptions) {}

  get lookup(): ActionLookup {
    return this.options.lookup;
  }

  async call(toolName: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    const { lookup } = this.options;
    const problem = lookup.toolProblem(toolName);
    if (problem) return errorResult(problem);
    const action = args?.action;
    if (typeof action !== 'string' || !action) {
      return errorResult(`Tool '${toolName}' needs "action": one of ${lookup.actionNames(toolName).join(', ')}.`);
    }
    const found = lookup.resolve(toolName, action);
    if (!found.ok) return errorResult(found.message);
    const op = found.operation;
    const extra = Object.keys(args ?? {}).filter((k) => k !== 'action' && k !== 'params');
    if (extra.length) return errorResult(`Unexpected argument(s) ${extra.join(', ')}: put parameters inside "params".`);

    let built: BuiltRequest;
    try {
      built = buildRequest(op, action, args?.params);
    } catch (error) {
      if (error instanceof ParamsError) return errorResult(error.message);
      throw error;
    }
    return this.send(toolName, action, op, built);
  }

  private async send(toolName: string, action: string, op: TableOperation, built: BuiltRequest): Promise<CallToolResult> {
    const { session, baseUrl, debug } = this.options;
    const started = performance.now();
    const url = `${baseUrl}/dataservice${built.path}${queryString(built.query)}`;
    const form = op.body && /x-www-form-urlencoded/i.test(op.body.contentType);
    if (built.body !== undefined && op.body && !form && !/json|\*\/\*/i.test(op.body.contentType)) {
      return errorResult(`${action} takes a ${op.body.contentType} request body, which the bridge cannot send.`);
    }
    const payload =
      built.body === undefined ? undefined : form ? new URLSearchParams(Object.entries(built.body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString() : JSON.stringify(built.body);
    const build = (auth: Record<string, string>): HttpRequest => ({
      method: op.method,
      url,
      headers: {
        Accept: 'application/json',
        ...(payload !== undefined ? { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
        ...built.headers,
        ...auth,
      },
      ...(payload !== undefined ? { body: payload } : {}),
    });

    let request: HttpRequest | null = null;
    let response: HttpResponse | null = null;
    let result: CallToolResult;
    let failed = true;
    let value: Json = null;
    let requestError: string | undefined;
    try {
      const outcome = await session.call(op.method, build);
      request = outcome.request;
      response = outcome.response;
      value = parseBody(response);
      if (response.status >= 200 && response.status < 300) {
        failed = false;
        result = textResult(value === null ? { status_code: response.status, message: 'OK (empty response body)' } : value, false);
      } else {
        const detail = value && typeof value === 'object' ? (value as { error?: { message?: unknown } }).error?.message : undefined;
        const hint = hintFor(op, response.status, value);
        const retried = outcome.attempts > 1 ? ` after ${outcome.attempts} attempts` : '';
        result = errorResult(`HTTP ${response.status} from the controller for ${op.method} ${built.path}${retried}${typeof detail === 'string' ? `: ${detail}` : ''}`, {
          status_code: response.status,
          body: value,
          ...(hint ? { hint } : {}),
        });
      }
    } catch (error) {
      request ??= build(session.authHeaders());
      if (error instanceof TransportError) {
        const attempts = (error as TransportError & { attempts?: number }).attempts ?? 1;
        requestError = `${error.message} (${attempts} attempt${attempts === 1 ? '' : 's'})`;
        result = errorResult(`Request failed: ${op.method} ${built.path}: ${requestError}`);
      } else if (error instanceof LoginError || error instanceof SessionExpiredError) {
        requestError = error.message;
        result = errorResult(`${error instanceof LoginError ? 'Login to the controller failed: ' : ''}${error.message}`);
      } else {
        requestError = `unexpected failure: ${(error as Error).message}`;
        result = errorResult(`Request failed: ${requestError}`);
        // A bug, not a controller answer: its stack goes to stderr (through the scrubbing logger).
        this.options.log.error(`${toolName} ${action}: ${(error as Error).stack ?? requestError}`);
      }
    }

    if (debug.enabled && (failed || debug.capture === 'all')) {
      const record = this.capture({ toolName, action, op, built, started, request, response, value, requestError, payload });
      this.options.log.line(debugLine(record));
      const structured = result.structuredContent;
      if (structured && !('debug' in structured)) {
        result = textResult({ ...structured, debug: record }, result.isError === true);
      }
    }
    return result;
  }

  private capture(c: {
    toolName: string;
    action: string;
    op: TableOperation;
    built: BuiltRequest;
    started: number;
    request: HttpRequest | null;
    response: HttpResponse | null;
    value: Json;
    requestError?: string;
    payload?: string;
  }): DebugRecord {
    const { redact } = this.options.debug;
    const record = buildDebugRecord(
      {
        tool: c.toolName,
        action: c.action,
        operationId: c.op.operationId,
        timingMs: performance.now() - c.started,
        route: { template: c.op.path, params: c.built.pathParams },
        query: c.built.query,
        body: c.built.body === undefined ? null : c.built.body,
        request: c.request,
        response: c.response,
        responseBody: c.value,
        requestError: c.requestError,
      },
      redact,
    );
    // A live credential under an innocent name, in a URL, an echoed header or an error is scrubbed too.
    return redact ? (this.options.scrubber.value(record) as DebugRecord) : record;
  }
}
