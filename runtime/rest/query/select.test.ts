/**
 * The select builder on the generated resource table: the listed row's references are lateral
 * joins (so PostgreSQL may build a shared object, counts included, once per distinct target),
 * while objects nested inside them stay scalar subqueries; the built SQL is cached.
 */
import { describe, expect, it } from 'vitest';
import { inventoryExtensions } from '../../inventory/index.ts';
import { Registry } from '../registry.ts';
import { SelectBuilder } from './select.ts';

const registry = Registry.load();
const devices = registry.resource('dcim.devices');

describe('rowSelect', () => {
  it('joins the listed row’s references laterally and keeps deeper objects as subqueries', () => {
    const select = new SelectBuilder(registry, inventoryExtensions).rowSelect(devices, ['id', 'device_type', 'name'], 't');
    expect(select.joins.startsWith('LEFT JOIN LATERAL (SELECT json_build_object(')).toBe(true);
    expect(select.joins.match(/LEFT JOIN LATERAL/g)).toHaveLength(1);
    expect(select.joins).toMatch(/FROM "dcim_device_type" (a\d+) WHERE \1\.id = t\."device_type_id"\) a\d+ ON true$/);
    // The device type's manufacturer is nested in the joined object, as a subquery of its own.
    expect(select.joins).toContain('FROM "dcim_manufacturer"');
    expect(select.columns).toMatch(/^t\.id AS "id", t\."name" AS "name", a\d+\.j AS "device_type"/);
  });

  it('builds each select once and answers the same SQL again', () => {
    const builder = new SelectBuilder(registry, inventoryExtensions);
    const first = builder.rowSelect(devices, ['id', 'site', 'rack'], 't');
    expect(builder.rowSelect(devices, ['id', 'site', 'rack'], 't')).toEqual(first);
    expect(first.joins.match(/LEFT JOIN LATERAL/g)).toHaveLength(2);
  });
});
