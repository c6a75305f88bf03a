/**
 * @module
 * Device types' and module types' template counts (`interface_template_count`…, NetBox's
 * RelatedObjectCountField), as SQL expressions named `<owner>_<kind>_template_count`, so the
 * number filters of the same names compare them.
 */
import type { SqlExpression } from '../../../rest/index.ts';

const TEMPLATES = ['console-port', 'console-server-port', 'power-port', 'power-outlet', 'interface', 'front-port', 'rear-port', 'device-bay', 'module-bay'];

const countOf =
  (key: string, column: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT count(*) FROM ${sql.table(key)} ${a} WHERE ${a}.${column} = ${t}.id)::int`;
  };

export const templateCounts: Record<string, SqlExpression> = Object.fromEntries(
  (['device_type', 'module_type'] as const).flatMap((owner) =>
    TEMPLATES.filter((kind) => owner === 'device_type' || kind !== 'device-bay').map((kind) => [`${owner}_${kind.replaceAll('-', '_')}_template_count`, countOf(`dcim.${kind}-templates`, `${owner}_id`)]),
  ),
);
