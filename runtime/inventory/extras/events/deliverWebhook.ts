/**
 * @module
 * One webhook delivery (NetBox's send_webhook), the `extras.deliver-webhook` task: the context
 * (`event`, `timestamp`, `object_type`, `username`, `request_id`, `data`, `snapshots`), the
 * additional headers, the body (the template, or the context as JSON) and the URL rendered with
 * it by the project's Jinja engine; `X-Hook-Signature` the hex HMAC-SHA512 of the body with the
 * secret; TLS verified unless turned off, against the CA file when one is named. A status outside
 * 200–299, a connection error or a template error fails the attempt; the queue retries it
 * (RQ_RETRY_MAX) and then fails the task, as RQ does. A request may take 30 s (NetBox sets none).
 */
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'undici';
import type { TaskRun } from '../../../jobs/index.ts';
import type { RestServices } from '../../../rest/index.ts';
import { render } from '../rendering/index.ts';
import type { DeliveryData } from './processEvents.ts';

/** NetBox's WEBHOOK_EVENT_TYPES: the event as the payload names it. */
const PUBLIC_EVENT: Record<string, string> = {
  object_created: 'created',
  object_updated: 'updated',
  object_deleted: 'deleted',
  job_started: 'job_started',
  job_completed: 'job_ended',
  job_failed: 'job_ended',
  job_errored: 'job_ended',
};

export const REQUEST_TIMEOUT_MS = 30_000;

interface WebhookRow {
  name: string;
  payload_url: string;
  http_method: string;
  http_content_type: string;
  additional_headers: string;
  body_template: string;
  secret: string;
  ssl_verification: boolean;
  ca_file_path: string | null;
}

/** Connection pools by TLS settings, kept for the process (each holds its keep-alive sockets). */
const agents = new Map<string, Promise<Agent>>();
function agentFor(verify: boolean, caFile: string | null): Promise<Agent> {
  const key = `${verify} ${caFile ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = (async () => new Agent({ connect: { rejectUnauthorized: verify, ...(verify && caFile ? { ca: await readFile(caFile, 'utf8') } : {}) } }))();
    agent.catch(() => agents.delete(key));
    agents.set(key, agent);
  }
  return agent;
}

/** Jinja2's markers: text without one renders as itself (but for a final newline, which Jinja drops). */
const TEMPLATE = /\{[{%#]/;

/** Renders a template of the webhook with the context; a template error fails the delivery. */
async function renderText(code: string, context: Record<string, unknown>, what: string): Promise<string> {
  // A plain text needs no trip to the rendering thread.
  if (!TEMPLATE.test(code)) return code.replace(/\r?\n$/, '');
  const outcome = await render({ main: 'template', templates: { template: code }, context, params: {}, debug: false, forceNoAutoescape: true });
  if ('error' in outcome) throw new Error(`Error rendering ${what}: ${outcome.error}`);
  return outcome.output;
}

/** Webhook.render_headers(): `Name: Value` lines of the rendered text. */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r\n|\r|\n/)) {
    const at = line.indexOf(':');
    if (at < 0) continue;
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

export function signature(body: Buffer, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export async function deliverWebhook(run: TaskRun, rest: RestServices): Promise<string> {
  const task = run.data as DeliveryData;
  const table = rest.registry.resource('extras.webhooks').table;
  const [webhook] = await run.db.query<WebhookRow>(
    `SELECT name, payload_url, http_method, http_content_type, additional_headers, body_template, secret, ssl_verification, ca_file_path FROM "${table}" WHERE id = $1`,
    [task.webhook],
  );
  if (!webhook) return `Webhook ${task.webhook} no longer exists; nothing sent.`;
  const context: Record<string, unknown> = {
    event: PUBLIC_EVENT[task.event] ?? task.event,
    timestamp: task.timestamp,
    object_type: task.objectType,
    username: task.username,
    request_id: task.requestId,
    data: task.data,
    ...(task.snapshots ? { snapshots: task.snapshots } : {}),
  };
  const headers: Record<string, string> = { 'Content-Type': webhook.http_content_type };
  if (webhook.additional_headers) Object.assign(headers, parseHeaders(await renderText(webhook.additional_headers, context, `the HTTP headers of webhook ${webhook.name}`)));
  const text = webhook.body_template ? await renderText(webhook.body_template, context, `the request body of webhook ${webhook.name}`) : JSON.stringify(context);
  const url = await renderText(webhook.payload_url, context, `the URL of webhook ${webhook.name}`);
  const body = Buffer.from(text, 'utf8');
  if (webhook.secret !== '') headers['X-Hook-Signature'] = signature(body, webhook.secret);
  run.log('info', `Sending ${webhook.http_method} request to ${url} (${task.objectType} ${context.event})`);
  const dispatcher = await agentFor(webhook.ssl_verification, webhook.ca_file_path);
  const response = await request(url, {
    method: webhook.http_method as 'POST',
    headers,
    body: webhook.http_method === 'GET' && !body.length ? undefined : body,
    dispatcher,
    signal: AbortSignal.any([run.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
  });
  const content = await response.body.text();
  if (response.statusCode >= 200 && response.statusCode <= 299) return `Status ${response.statusCode} returned, webhook successfully processed.`;
  throw new Error(`Status ${response.statusCode} returned with content '${content.slice(0, 1000)}', webhook FAILED to process.`);
}
