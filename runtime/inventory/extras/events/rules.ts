/**
 * @module
 * Rules of event rules and webhooks, as NetBox's EventRule.clean() and Webhook.clean() have them,
 * with the serializer's checks of what the engine stores as plain arrays: an event rule's object
 * types (served `app.model` names, not empty) and event types (NetBox's event types); its
 * conditions (ConditionSet's words) and action data (an object or null). A webhook's URL is
 * http(s) (or a template, whose syntax is checked); the CA file needs SSL verification. Unlike
 * NetBox, which checks only a templated URL, the body template and additional headers are parsed
 * when written too (a syntax error is a 400, as config templates have it), since a template that
 * cannot be parsed fails every delivery.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { checkObjectTypeList } from '../../core/index.ts';
import { checkSyntax } from '../rendering/index.ts';
import { conditionsError } from './conditions.ts';

/** NetBox's registered event types (core/events.py). */
export const EVENT_TYPES = ['object_created', 'object_updated', 'object_deleted', 'job_started', 'job_completed', 'job_failed', 'job_errored'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const columnOf = (batch: WriteBatch) => (name: string) => batch.registry.field(batch.resource, name)!.column!;

export const eventRuleRules: ModelRules = {
  async clean(batch) {
    const column = columnOf(batch);
    for (const item of batch.items) {
      checkObjectTypeList(item, batch.registry, column('object_types'));
      if (column('event_types') in item.columns) {
        const events = (item.value(column('event_types')) as string[] | null) ?? [];
        if (!events.length) item.error('event_types', 'This field cannot be blank.');
        const bad = events.findIndex((e) => !(EVENT_TYPES as readonly string[]).includes(e));
        if (bad >= 0) item.error('event_types', `Item ${bad + 1} in the array did not validate: Value '${events[bad]}' is not a valid choice.`);
      }
      const conditions = conditionsError(item.value(column('conditions')));
      if (conditions) item.error('conditions', conditions);
      const data = item.value(column('action_data'));
      if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) item.error('action_data', 'Action data must be a JSON object or null.');
    }
  },
};

/** Jinja2's markers: a URL holding one is a template (JINJA2_TEMPLATE_RE). */
const TEMPLATE = /\{[{%#]/;
const INVALID_URL = 'Enter a valid URL, beginning with http:// or https://.';

/** Webhook.clean()'s check of payload_url, before its template syntax is checked; null when fine or a template. */
export function payloadUrlError(url: string): string | null {
  if (!url) return null;
  if (TEMPLATE.test(url)) {
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1];
    return scheme && !['http', 'https'].includes(scheme.toLowerCase()) ? INVALID_URL : null;
  }
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(url);
  return match && ['http', 'https'].includes(match[1]) && match[2] ? null : INVALID_URL;
}

export const webhookRules: ModelRules = {
  async clean(batch) {
    const column = columnOf(batch);
    await Promise.all(batch.items.map(async (item) => {
      const ssl = item.value(column('ssl_verification'));
      const ca = item.value(column('ca_file_path'));
      if (ssl === false && ca) item.error('ca_file_path', 'Do not specify a CA certificate file if SSL verification is disabled.');
      const url = String(item.value(column('payload_url')) ?? '');
      const urlError = payloadUrlError(url);
      if (urlError) item.error('payload_url', urlError);
      const templates: [string, string][] = [['payload_url', urlError || !TEMPLATE.test(url) ? '' : url], ['additional_headers', String(item.value(column('additional_headers')) ?? '')], ['body_template', String(item.value(column('body_template')) ?? '')]];
      for (const [field, code] of templates) {
        if (!code || !(column(field) in item.columns)) continue;
        const problem = await checkSyntax({ template: code }, {});
        if (problem) item.error(field, `Invalid template: ${problem.message}${problem.line === null ? '' : ` (line ${problem.line})`}`);
      }
    }));
  },
};
