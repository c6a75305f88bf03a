/**
 * @module
 * Where event rules meet the change log (NetBox's enqueue_event): the change log asks, inside each
 * record statement, whether an enabled event rule watches the object type and event
 * (`watching`: an EXISTS over the few rules, no statement of its own); the records it selects are
 * gathered into one `extras.process-events` task per transaction (`recorded`), enqueued in that
 * transaction — so a write that rolls back leaves no task — and run after it commits. A deleted
 * object's data is rendered here, before its rows go: NetBox freezes the serializer's
 * representation of a deleted object for the same reason.
 */
import { enqueue } from '../../../jobs/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { ChangeAction, ChangeEvents, Registry } from '../../../rest/index.ts';
import type { EventType } from './rules.ts';

export const PROCESS_EVENTS = 'extras.process-events';
export const EVENT_RULES = 'extras.event-rules';

/** A change record's action as an event type. */
export const EVENT_OF: Record<ChangeAction, EventType> = { create: 'object_created', update: 'object_updated', delete: 'object_deleted' };

/** What an `extras.process-events` task carries. */
export interface EventsTaskData {
  /** Change record ids, in the order written. */
  changes: number[];
  /** A deleted object's representation by change record id (rendered before the delete). */
  deleted: Record<string, unknown>;
  /** Where the representation's URLs point (the request's origin). */
  origin: string;
}

/** SQL quoting of a text literal. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The enabled rules' SQL condition for an object type and event (no parameters). */
export function rulesFor(registry: Registry, objectType: string, event: EventType, alias = 'r'): string {
  const rules = registry.resource(EVENT_RULES);
  const column = (name: string) => `${alias}."${registry.field(rules, name)!.column!}"`;
  return `${column('enabled')} AND ${text(objectType)} = ANY(${column('object_types')}) AND ${text(event)} = ANY(${column('event_types')})`;
}

/** The tasks begun by a transaction still open (a transaction's `tx` is its own object). */
const pending = new WeakMap<Queryable, string>();

export const changeEvents: ChangeEvents = {
  watching(registry, objectType, action) {
    return `EXISTS (SELECT 1 FROM "${registry.resource(EVENT_RULES).table}" r WHERE ${rulesFor(registry, objectType, EVENT_OF[action])})`;
  },

  async recorded(tx, { resource, action, changeIds, objectIds }, ctx, rest) {
    const deleted: Record<string, unknown> = {};
    if (action === 'delete') {
      const { bodies } = await rest.render(tx, resource, objectIds, ctx, new URLSearchParams(), 'GET');
      const byObject = new Map(bodies.map((b) => [Number(b.id), b]));
      changeIds.forEach((id, n) => (deleted[id] = byObject.get(objectIds[n]) ?? null));
    }
    const taskId = pending.get(tx);
    if (taskId) {
      const [updated] = await tx.query<{ n: number }>(
        `UPDATE core_task SET data = data || jsonb_build_object('changes', (data -> 'changes') || $2::text::jsonb, 'deleted', (data -> 'deleted') || $3::text::jsonb)
         WHERE task_id = $1 AND status = 'queued' AND attempts = 0 RETURNING 1 AS n`,
        [taskId, JSON.stringify(changeIds), JSON.stringify(deleted)],
      );
      if (updated) return;
    }
    const data: EventsTaskData = { changes: changeIds, deleted, origin: ctx.origin };
    const task = await enqueue(tx, { kind: PROCESS_EVENTS, data, queue: 'high', description: 'Process event rules', timeoutSeconds: 300 });
    pending.set(tx, task.taskId);
  },
};
