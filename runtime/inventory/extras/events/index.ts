/**
 * @module
 * Event rules and webhooks (NetBox's EventRule, Webhook): their model rules (rules.ts), the
 * conditions language (conditions.ts), the change log's watcher that queues a transaction's events
 * (watching.ts), the task that runs the rules after it commits (processEvents.ts), job events
 * (jobEvents.ts) and webhook delivery (deliverWebhook.ts).
 */
import type { MethodFilter } from '../../../rest/index.ts';
import type { AppRules } from '../../appRules.ts';
import { deliverWebhook } from './deliverWebhook.ts';
import { DELIVER_WEBHOOK, processEvents } from './processEvents.ts';
import { eventRuleRules, webhookRules } from './rules.ts';
import { changeEvents, PROCESS_EVENTS } from './watching.ts';

export { jobEventListener } from './jobEvents.ts';
export { setWebhookRetries } from './processEvents.ts';

/** NetBox's `event_type` filter: rules whose event types include the one given (the last, a single-value filter). */
const filterEventType: MethodFilter = ({ values, alias, param, query, sql }) => `${param(values[values.length - 1])}::text = ANY(${sql.column(query.listed.key, 'event_types', alias)})`;

export const events: AppRules = {
  rules: { 'extras.event-rules': eventRuleRules, 'extras.webhooks': webhookRules },
  methods: { filter_event_type: filterEventType },
  tasks: { [PROCESS_EVENTS]: processEvents, [DELIVER_WEBHOOK]: deliverWebhook },
  changeEvents,
};
