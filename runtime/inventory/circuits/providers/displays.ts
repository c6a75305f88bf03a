/**
 * @module
 * A provider account's `display` (NetBox's `__str__`): `<account> (<name>)`, or the account alone
 * when the name is blank.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const providerAccountDisplay: SqlExpression = (t) => `(CASE WHEN coalesce(${t}.name, '') <> '' THEN concat(${t}.account, ' (', ${t}.name, ')') ELSE ${t}.account END)`;
