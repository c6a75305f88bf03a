/**
 * @module
 * `display` of a wireless link: its SSID, or `#<id>` without one (NetBox's `__str__`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const wirelessLinkDisplay: SqlExpression = (t, sql) => {
  const ssid = sql.column('wireless.wireless-links', 'ssid', t);
  return `(CASE WHEN ${ssid} <> '' THEN ${ssid} ELSE concat('#', ${t}.id) END)`;
};
