/**
 * @module
 * The requesting user's preferences (/api/users/config/), removed with their user.
 */
import type { AppRules } from '../../appRules.ts';
import { userConfigRead, userConfigUpdate } from './userConfig.ts';

export const userConfig: AppRules = {
  operations: { 'user-config-read': userConfigRead, 'user-config-update': userConfigUpdate },
  rules: {
    // UserConfig is a one-to-one of User, CASCADE: it goes with its user.
    'users.users': {
      async afterDelete(plan, tx) {
        const ids = plan.deletes.filter((d) => d.resource.key === 'users.users').flatMap((d) => d.ids);
        if (ids.length) await tx.query('DELETE FROM users_userconfig WHERE user_id = ANY($1::int[])', [ids]);
      },
    },
  },
};
