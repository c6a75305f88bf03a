/**
 * @module
 * Running the event rules, after the write commits (NetBox's process_event_queue and
 * process_event_rules): the `extras.process-events` task reads the change records a transaction
 * made, folds the records of one object into one event (a create then an update is one
 * `object_created` showing the last state; anything then a delete is an `object_deleted`), renders
 * each object as the REST API shows it (a deleted one as it was rendered before the delete), and
 * for each enabled rule watching its type and event whose conditions hold, runs the action: a
 * webhook's delivery is queued (`extras.deliver-webhook`, retried per RQ_RETRY_MAX), a
 * notification group's members are notified (notify.ts); scripts are not run yet. Job events
 * (job_started … job_errored) come the same way with the job's data (jobEvents.ts).
 */
import type { Database, Queryable } from '../../../db/index.ts';
import { enqueueMany, type TaskRun, type TaskSpec } from '../../../jobs/index.ts';
import { unrestricted, type Registry, type RequestContext, type RestServices } from '../../../rest/index.ts';
import { evalConditions } from './conditions.ts';
import { enqueueScriptRun } from '../scripts/index.ts';
import { NOTIFICATION_GROUPS, notificationsServed, notify, type Notice } from './notify.ts';
import type { EventType } from './rules.ts';
import { EVENT_OF, EVENT_RULES, rulesFor, type EventsTaskData } from './watching.ts';

export const DELIVER_WEBHOOK = 'extras.deliver-webhook';
const WEBHOOKS = 'extras.webhooks';
const SCRIPTS = 'extras.scripts';

/** One event to run the rules for. */
export interface FiredEvent {
  objectType: string;
  objectId: number | null;
  event: EventType;
  /** The object as the REST API shows it (a job's `data` for job events). */
  data: unknown;
  snapshots: { prechange: unknown; postchange: unknown } | null;
  username: string | null;
  userId: number | null;
  requestId: string | null;
}

/** What an `extras.deliver-webhook` task carries: NetBox's send_webhook() arguments. */
export interface DeliveryData {
  webhook: number;
  eventRule: number;
  objectType: string;
  event: EventType;
  data: unknown;
  snapshots: { prechange: unknown; postchange: unknown } | null;
  timestamp: string;
  username: string | null;
  requestId: string | null;
}

/** Retries of a failed delivery (RQ_RETRY_MAX), set by the server at boot. */
let retries = 0;
export function setWebhookRetries(max: number): void {
  retries = max;
}

/** Python's `timezone.now().isoformat()`: microseconds and `+00:00`. */
export function pythonNow(now = new Date()): string {
  return now.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

interface RuleRow {
  id: number;
  name: string;
  conditions: unknown;
  action_type: string;
  action_object_type: string;
  action_object_id: number | null;
  action_data: unknown;
}

/** The enabled rules watching `objectType` for `event`, in NetBox's order (by name). */
async function rules(db: Queryable, registry: Registry, objectType: string, event: EventType): Promise<RuleRow[]> {
  const resource = registry.resource(EVENT_RULES);
  return db.query<RuleRow>(
    `SELECT r.id, r.name, r.conditions, r.action_type, r.action_object_type, r.action_object_id, r.action_data FROM "${resource.table}" r WHERE ${rulesFor(registry, objectType, event)} ORDER BY r.name, r.id`,
  );
}

/** Runs the rules for `events`; returns how many actions were taken. */
export async function fire(db: Database, rest: RestServices, events: FiredEvent[], log?: TaskRun['log'], origin = ''): Promise<number> {
  const cache = new Map<string, RuleRow[]>();
  const actions: { rule: RuleRow; event: FiredEvent; data: Record<string, unknown> }[] = [];
  for (const event of events) {
    const key = `${event.objectType} ${event.event}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = await rules(db, rest.registry, event.objectType, event.event)));
    for (const rule of found) {
      if (!evalConditions(rule.conditions, event.data)) continue;
      const actionData = rule.action_data && typeof rule.action_data === 'object' && !Array.isArray(rule.action_data) ? (rule.action_data as Record<string, unknown>) : {};
      const data = event.data && typeof event.data === 'object' && !Array.isArray(event.data) ? (event.data as Record<string, unknown>) : {};
      actions.push({ rule, event, data: { ...actionData, ...data } });
    }
  }
  if (!actions.length) return 0;
  const timestamp = pythonNow();
  const webhookType = rest.registry.resource(WEBHOOKS).objectType;
  const deliveries: Omit<TaskSpec, 'job'>[] = [];
  const notices: Notice[] = [];
  const groupType = notificationsServed(rest.registry) ? rest.registry.resource(NOTIFICATION_GROUPS).objectType : null;
  const scriptType = rest.registry.byKey.has(SCRIPTS) ? rest.registry.resource(SCRIPTS).objectType : null;
  const scriptRuns: { scriptId: number; data: Record<string, unknown>; userId: number | null }[] = [];
  for (const { rule, event, data } of actions) {
    if (rule.action_type === 'webhook' && rule.action_object_type === webhookType && rule.action_object_id !== null) {
      const delivery: DeliveryData = {
        webhook: Number(rule.action_object_id),
        eventRule: Number(rule.id),
        objectType: event.objectType,
        event: event.event,
        data,
        snapshots: event.snapshots,
        timestamp,
        username: event.username,
        requestId: event.requestId,
      };
      deliveries.push({ kind: DELIVER_WEBHOOK, data: delivery, queue: 'default', maxAttempts: 1 + retries, description: `Webhook of event rule ${rule.name}`, timeoutSeconds: 60 });
    } else if (rule.action_type === 'notification' && groupType && rule.action_object_type === groupType && rule.action_object_id !== null && event.objectId !== null) {
      const display = typeof data.display === 'string' ? data.display : String(data.name ?? data.id ?? '');
      notices.push({ group: Number(rule.action_object_id), objectType: event.objectType, objectId: event.objectId, objectRepr: display, event: event.event });
    } else if (rule.action_type === 'script' && scriptType && rule.action_object_type === scriptType && rule.action_object_id !== null) {
      // NetBox's ScriptJob.enqueue(instance=script, user=event's user, data=event data).
      scriptRuns.push({ scriptId: Number(rule.action_object_id), data, userId: event.userId });
    } else {
      // An action whose object is not served is not run: the rule is skipped, and said so.
      log?.('warning', `Event rule "${rule.name}": action ${rule.action_type} (${rule.action_object_type}) is not supported; skipped`);
    }
  }
  // One statement per thousand deliveries, all or none.
  await db.transaction(async (tx) => {
    for (let i = 0; i < deliveries.length; i += 1000) await enqueueMany(tx, deliveries.slice(i, i + 1000));
    if (notices.length) await notify(tx, rest.registry, notices);
    for (const run of scriptRuns) {
      // The script's own Meta.job_timeout (its spec, read when its module was loaded).
      const [script] = await tx.query<{ timeout: number | null }>(`SELECT (spec ->> 'job_timeout')::int AS timeout FROM "${rest.registry.resource(SCRIPTS).table}" WHERE id = $1 AND is_executable`, [run.scriptId]);
      if (script) await enqueueScriptRun(tx, { ...run, commit: true, origin, timeoutSeconds: script.timeout ?? 300 });
    }
  });
  return actions.length;
}

interface ChangeRow {
  id: number;
  user_id: number | null;
  user_name: string;
  request_id: string;
  action: 'create' | 'update' | 'delete';
  object_type: string;
  object_id: number;
  prechange: unknown;
  postchange: unknown;
}

/** The events of a transaction's change records: one per object, NetBox's coalescing. */
export function coalesce(changes: ChangeRow[]): (FiredEvent & { changeId: number })[] {
  const byObject = new Map<string, FiredEvent & { changeId: number }>();
  for (const change of changes) {
    const key = `${change.object_type}:${change.object_id}`;
    const known = byObject.get(key);
    const postchange = change.action === 'delete' ? null : change.postchange;
    if (known) {
      known.snapshots!.postchange = postchange;
      known.changeId = change.id;
      if (change.action === 'delete') known.event = 'object_deleted';
      continue;
    }
    byObject.set(key, {
      changeId: change.id,
      objectType: change.object_type,
      objectId: Number(change.object_id),
      event: EVENT_OF[change.action],
      data: null,
      snapshots: { prechange: change.prechange ?? null, postchange },
      username: change.user_name,
      userId: change.user_id === null ? null : Number(change.user_id),
      requestId: change.request_id,
    });
  }
  return [...byObject.values()];
}

/** The `extras.process-events` task: the change records of one transaction through the rules. */
export async function processEvents(run: TaskRun, rest: RestServices): Promise<unknown> {
  const { changes, deleted, origin } = run.data as EventsTaskData;
  const registry = rest.registry;
  const table = registry.resource('core.object-changes');
  const col = (name: string) => `"${registry.field(table, name)!.column!}"`;
  const rows = await run.db.query<ChangeRow>(
    `SELECT id, ${col('user')} AS user_id, ${col('user_name')} AS user_name, ${col('request_id')} AS request_id, ${col('action')} AS action,
            ${col('changed_object_type')} AS object_type, ${col('changed_object_id')} AS object_id, ${col('prechange_data')} AS prechange, ${col('postchange_data')} AS postchange
     FROM "${table.table}" WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [changes],
  );
  const events = coalesce(rows);
  const ctx: RequestContext = { requestId: events[0]?.requestId ?? '', caller: null, origin, scope: unrestricted };
  // The objects still there, rendered as the API shows them now (NetBox serializes at the end of the request).
  const byType = new Map<string, number[]>();
  for (const e of events) if (e.event !== 'object_deleted') byType.set(e.objectType, [...(byType.get(e.objectType) ?? []), e.objectId!]);
  const bodies = new Map<string, unknown>();
  for (const [type, ids] of byType) {
    const resource = registry.byObjectType.get(type)?.resource;
    if (!resource) continue;
    const { bodies: rendered } = await rest.render(run.db, resource, ids, ctx, new URLSearchParams(), 'GET');
    for (const body of rendered) bodies.set(`${type}:${body.id}`, body);
  }
  const ready: FiredEvent[] = [];
  for (const e of events) {
    e.data = e.event === 'object_deleted' ? (deleted[e.changeId] ?? e.snapshots?.prechange ?? null) : bodies.get(`${e.objectType}:${e.objectId}`);
    // Deleted by a later transaction before this ran: its own delete event follows.
    if (e.data === undefined) continue;
    ready.push(e);
  }
  const fired = await fire(run.db, rest, ready, run.log, origin);
  return { events: ready.length, actions: fired };
}
