/**
 * @module
 * SQL of a rack reservation's computed values: its `display`, NetBox's `__str__`
 * (`Reservation for rack <rack>`, the rack shown as its own display is), and `unit_count`
 * (how many units it lists, NetBox's `len(obj.units)`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const reservationDisplay: SqlExpression = (t, sql) => {
  const r = sql.alias();
  const racks = sql.resource('dcim.racks');
  return `concat('Reservation for rack ', (SELECT ${sql.display(racks, r)} FROM ${sql.table('dcim.racks')} ${r} WHERE ${r}.id = ${sql.column('dcim.rack-reservations', 'rack', t)}))`;
};

export const reservationUnitCount: SqlExpression = (t, sql) => `coalesce(cardinality(${sql.column('dcim.rack-reservations', 'units', t)}), 0)`;
