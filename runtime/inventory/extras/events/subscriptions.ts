/**
 * @module
 * Notifications of subscribers (NetBox's notify_object_changed signal handler) and of a job's user
 * when the job ends (Job.terminate()):
 *
 * - An object updated or deleted notifies every user subscribed to it, in the write's transaction:
 *   their earlier notifications about the object are replaced by one of this event, named as the
 *   change record names the object. Created objects notify nobody (no one can be subscribed yet).
 *   The change log asks whether anyone is subscribed inside its record statement (`subscribed`,
 *   over the record `c` the statement returns), as it asks whether a rule watches.
 * - A job with a user notifies them when it ends, unless its `notifications` say `never`, or
 *   `on_failure` and it completed.
 */
import type { Database, Queryable } from '../../../db/index.ts';
import type { JobEvent } from '../../../jobs/index.ts';
import type { ChangeAction, Registry } from '../../../rest/index.ts';
import { NOTIFICATIONS } from './notify.ts';

const SUBSCRIPTIONS = 'extras.subscriptions';
const OBJECT_CHANGES = 'core.object-changes';
const JOB_OBJECT_TYPE = 'core.job';

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Whether the server keeps subscriptions and notifications. */
const served = (registry: Registry) => registry.byKey.has(SUBSCRIPTIONS) && registry.byKey.has(NOTIFICATIONS);

/** SQL: whether anyone is subscribed to the object of the change record `c` (never for a create). */
export function subscribed(registry: Registry, objectType: string, action: ChangeAction): string | null {
  if (action === 'create' || !served(registry)) return null;
  return `EXISTS (SELECT 1 FROM "${registry.resource(SUBSCRIPTIONS).table}" s WHERE s.object_type = ${text(objectType)} AND s.object_id = c.object_id)`;
}

/** Replaces the subscribers' notifications about the objects of `changeIds` with one of this change each. */
export async function notifySubscribers(tx: Queryable, registry: Registry, objectType: string, action: ChangeAction, changeIds: number[]): Promise<void> {
  if (action === 'create' || !served(registry) || !changeIds.length) return;
  const subscriptions = registry.resource(SUBSCRIPTIONS).table;
  const notifications = registry.resource(NOTIFICATIONS).table;
  const changes = registry.resource(OBJECT_CHANGES);
  const column = (name: string) => `oc."${registry.field(changes, name)!.column!}"`;
  const subscribers = `SELECT DISTINCT s.object_id, s.user_id, left(${column('object_repr')}, 200) AS repr
    FROM "${subscriptions}" s JOIN "${changes.table}" oc ON oc.id = ANY($2::int[]) AND ${column('changed_object_id')} = s.object_id
    WHERE s.object_type = $1`;
  await tx.query(`DELETE FROM "${notifications}" n USING (${subscribers}) m WHERE n.object_type = $1 AND n.object_id = m.object_id AND n.user_id = m.user_id`, [objectType, changeIds]);
  await tx.query(
    `INSERT INTO "${notifications}" (object_type, object_id, user_id, created, read, event_type, object_repr)
     SELECT DISTINCT ON (m.object_id, m.user_id) $1::text, m.object_id, m.user_id, now(), NULL, $3::text, m.repr FROM (${subscribers}) m`,
    [objectType, changeIds, action === 'update' ? 'object_updated' : 'object_deleted'],
  );
}

/** Notifies a job's user that it ended, as its `notifications` ask. */
export async function notifyJobEnded(db: Database, registry: Registry, jobId: number, event: JobEvent): Promise<void> {
  if (event === 'job_started' || !registry.byKey.has(NOTIFICATIONS)) return;
  const notifications = registry.resource(NOTIFICATIONS).table;
  await db.query(
    `INSERT INTO "${notifications}" (object_type, object_id, user_id, created, read, event_type, object_repr)
     SELECT $2::text, j.id, j.user_id, now(), NULL, $3::text, left(j.name, 200) FROM core_job j
     WHERE j.id = $1 AND j.user_id IS NOT NULL AND (j.notifications = 'always' OR (j.notifications = 'on_failure' AND $3::text <> 'job_completed'))
     ON CONFLICT DO NOTHING`,
    [jobId, JOB_OBJECT_TYPE, event],
  );
}
