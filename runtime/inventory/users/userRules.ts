/**
 * @module
 * Rules of users (`users.users`), as NetBox's UserSerializer.validate: a password given (and not
 * empty) must pass the password policy (runtime/auth/passwordPolicy.ts), on create and update
 * alike. Django's validate_password raises one ValidationError listing every failed rule, which
 * DRF reports as `non_field_errors`, one message per rule.
 */
import { passwordProblems } from '../../auth/index.ts';
import type { ModelRules } from '../../rest/index.ts';

export const userRules: ModelRules = {
  async clean({ items }) {
    for (const item of items) {
      const password = item.data.password;
      if (typeof password !== 'string' || password === '') continue;
      for (const problem of passwordProblems(password)) item.error('non_field_errors', problem);
    }
  },
};
