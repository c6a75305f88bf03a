/**
 * @module
 * The users' own objects in extras: bookmarks, notifications, notification groups and
 * subscriptions (their displays, the bookmarks' `object_type_id` filter, a notification's kept
 * object string), saved filters and table configs (their rules, and NetBox's shared-or-own
 * narrowing), and the requesting user's dashboard (/api/extras/dashboard/), removed with its user.
 */
import type { AppRules } from '../../appRules.ts';
import { dashboardDelete, dashboardRead, dashboardWrite } from './dashboard.ts';
import { genericObjectDisplay } from './displays.ts';
import { objectTypeIdNumber, usable } from './filters.ts';
import { notificationRules, savedFilterRules, tableConfigRules } from './rules.ts';
import { sharedOrOwn } from './sharing.ts';

export const userData: AppRules = {
  expressions: { bookmark: genericObjectDisplay('extras.bookmarks'), subscription: genericObjectDisplay('extras.subscriptions') },
  methods: { object_type_id_number: objectTypeIdNumber, usable },
  rules: {
    'extras.saved-filters': { ...savedFilterRules, ...sharedOrOwn },
    'extras.table-configs': { ...tableConfigRules, ...sharedOrOwn },
    'extras.notifications': notificationRules,
    // Dashboard is a one-to-one of User, CASCADE: it goes with its user.
    'users.users': {
      async afterDelete(plan, tx) {
        const ids = plan.deletes.filter((d) => d.resource.key === 'users.users').flatMap((d) => d.ids);
        if (ids.length) await tx.query('DELETE FROM extras_dashboard WHERE user_id = ANY($1::int[])', [ids]);
      },
    },
  },
  operations: { 'dashboard-read': dashboardRead, 'dashboard-write': dashboardWrite, 'dashboard-delete': dashboardDelete },
};
