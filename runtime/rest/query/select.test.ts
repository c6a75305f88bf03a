/**
 * The select builder on the generated resource table: the listed rows' references are joins of
 * the objects those rows reference (so a shared object, counts included, is built once per
 * distinct target, not per row), while objects nested inside them stay scalar subqueries; the
 * built SQL is cached.
 */
import { describe, expect, it } from 'vitest';
import { inventoryExtensions } from '../../inventory/index.ts';
import { Registry } from '../registry.ts';
import { SelectBuilder } from './select.ts';

const registry = Registry.load();
const devices = registry.resource('dcim.devices');

describe('rowSelect', () => {
  it('joins the objects the listed rows reference, once each, and keeps deeper objects as subqueries', () => {
    const select = new SelectBuilder(registry, inventoryExtensions).rowSelect(devices, ['id', 'device_type', 'name'], 't');
    expect(select.joins.match(/LEFT JOIN \(SELECT/g)).toHaveLength(1);
    expect(select.joins).toMatch(/^LEFT JOIN \(SELECT (a\d+)\.id, json_build_object\(/);
    expect(select.joins).toMatch(/FROM "dcim_device_type" (a\d+) WHERE \1\.id IN \(SELECT t\."device_type_id" FROM "__rows" t\)\) (a\d+) ON \2\.id = t\."device_type_id"$/);
    // The device type's manufacturer is nested in the joined object, as a subquery of its own.
    expect(select.joins).toContain('FROM "dcim_manufacturer"');
    expect(select.columns).toMatch(/^t\.id AS "id", t\."name" AS "name", a\d+\.j AS "device_type"/);
  });

  it('builds each select once and answers the same SQL again', () => {
    const builder = new SelectBuilder(registry, inventoryExtensions);
    const first = builder.rowSelect(devices, ['id', 'site', 'rack'], 't');
    expect(builder.rowSelect(devices, ['id', 'site', 'rack'], 't')).toEqual(first);
    expect(first.joins.match(/LEFT JOIN \(SELECT/g)).toHaveLength(2);
  });
});
