/**
 * @module
 * `zero`: the SQL expression of a count of objects this server does not serve yet (a device's
 * `console_port_count`, an interface's `count_fhrp_groups`): none can exist, so the count is 0,
 * and the field is there with NetBox's name and type for clients that read it.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const zero: SqlExpression = () => '0';
