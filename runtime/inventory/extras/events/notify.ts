/**
 * @module
 * An event rule's `notification` action (NetBox's NotificationGroup.notify()): a notification of
 * the event for every member of the group — its users and the users of its groups — replacing the
 * one a member already has about the object (update_or_create on object, user). Written against
 * the tables of extras.notifications and extras.notification-groups (branch h/extras1 adds them);
 * where they are not served, the action is skipped and said so.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry } from '../../../rest/index.ts';

export const NOTIFICATIONS = 'extras.notifications';
export const NOTIFICATION_GROUPS = 'extras.notification-groups';

/** Whether the server has notifications and their groups. */
export const notificationsServed = (registry: Registry): boolean => registry.byKey.has(NOTIFICATIONS) && registry.byKey.has(NOTIFICATION_GROUPS);

export interface Notice {
  group: number;
  objectType: string;
  objectId: number;
  objectRepr: string;
  event: string;
}

/** Notifies the members of each notice's group: two statements per notice. */
export async function notify(tx: Queryable, registry: Registry, notices: Notice[]): Promise<void> {
  const table = registry.resource(NOTIFICATIONS).table;
  const groups = registry.resource(NOTIFICATION_GROUPS).table;
  for (const n of notices) {
    const members = `SELECT gu.user_id FROM "${groups}_users" gu WHERE gu.notification_group_id = $1
      UNION SELECT ug.user_id FROM "${groups}_groups" gg JOIN users_user_groups ug ON ug.group_id = gg.group_id WHERE gg.notification_group_id = $1`;
    const params = [n.group, n.objectType, n.objectId, n.event, n.objectRepr.slice(0, 200)];
    await tx.query(
      `UPDATE "${table}" SET event_type = $4, object_repr = $5 WHERE object_type = $2 AND object_id = $3 AND user_id IN (${members})`,
      params,
    );
    await tx.query(
      `INSERT INTO "${table}" (object_type, object_id, user_id, created, read, event_type, object_repr)
       SELECT $2, $3, m.user_id, now(), NULL, $4, $5 FROM (${members}) m
       WHERE NOT EXISTS (SELECT 1 FROM "${table}" x WHERE x.object_type = $2 AND x.object_id = $3 AND x.user_id = m.user_id)`,
      params,
    );
  }
}
