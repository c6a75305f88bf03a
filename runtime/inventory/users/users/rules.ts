/**
 * @module
 * Rules of users (`users.users`), as NetBox's UserSerializer.validate: a password given (and not
 * empty) must pass the password policy (runtime/auth/passwordPolicy.ts), on create and update
 * alike. Django's validate_password raises one ValidationError listing every failed rule, which
 * DRF reports as `non_field_errors`, one message per rule. And User.clean(): no other user may
 * have the username in another case; the same one is refused first, by the username field's
 * unique check in the words of its `error_messages`: `A user with that username already exists.`
 */
import { passwordProblems } from '../../../auth/index.ts';
import type { ModelRules, WriteItem } from '../../../rest/index.ts';

export const userRules: ModelRules = {
  async clean({ items, tx, resource }) {
    const named = items.filter((item) => typeof item.value('username') === 'string');
    const rows = named.length
      ? await tx.query<{ id: number; username: string }>(`SELECT id, username FROM "${resource.table}" WHERE lower(username) = ANY($1::text[])`, [
          named.map((item) => String(item.value('username')).toLowerCase()),
        ])
      : [];
    const others = (item: WriteItem) => rows.filter((row) => Number(row.id) !== item.id);
    for (const item of items) {
      const name = item.value('username');
      // The username field's own unique check (its error message), before anything else.
      if (typeof name === 'string' && others(item).some((row) => row.username === name)) {
        item.error('username', 'A user with that username already exists.');
        continue;
      }
      const password = item.data.password;
      if (typeof password === 'string' && password !== '') for (const problem of passwordProblems(password)) item.error('non_field_errors', problem);
      if (!item.errors.empty || typeof name !== 'string') continue;
      // User.clean(): the name in another case.
      if (others(item).some((row) => row.username.toLowerCase() === name.toLowerCase())) item.error('__all__', 'A user with this username already exists.');
    }
  },
};
