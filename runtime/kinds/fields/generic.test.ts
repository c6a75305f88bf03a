/**
 * Generic relations: `object_type` (`app.model` among the targets) and `generic_fk` (the object
 * the type and id name, one CASE branch per target type).
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fieldOf, parse } from '../../testing/kinds.ts';
import { genericFk, objectType } from './generic.ts';

const site = fakeResource('dcim.sites', [{ name: 'name', kind: 'string' }]);
const tenant = fakeResource('tenancy.tenants', [{ name: 'name', kind: 'string' }]);
const generic = { typeField: 'assigned_object_type', idField: 'assigned_object_id', targets: ['dcim.sites', 'tenancy.tenants'] };
const entry = fakeResource('extras.journal-entries', [
  { name: 'assigned_object_type', kind: 'object_type', required: true, generic },
  { name: 'assigned_object_id', kind: 'integer', required: true },
  { name: 'assigned_object', kind: 'generic_fk', nullable: true, generic },
]);
const catalog = fakeCatalog([site, tenant, entry]);
const validate = (value: unknown) => parse(objectType.validators!(fieldOf(entry, 'assigned_object_type'), catalog).assigned_object_type, value);

describe('object_type', () => {
  it('is a varchar(100) holding `app.model`', () => {
    expect(objectType.column(fieldOf(entry, 'assigned_object_type'), catalog)).toEqual({ builder: 'varchar', name: 'assigned_object_type', args: { length: 100 }, modifiers: [{ kind: 'notNull' }], sqlType: 'varchar' });
    expect(objectType.filters!(fieldOf(entry, 'assigned_object_type'), entry, catalog)).toEqual([{ name: 'assigned_object_type', kind: 'content_type' }]);
  });

  it("takes an object type in ContentTypeField's form (the writer checks it against the targets)", () => {
    expect(validate('dcim.site')).toEqual({ value: 'dcim.site' });
    expect(validate('tenancy.tenant')).toEqual({ value: 'tenancy.tenant' });
    expect(validate('dcim.device')).toEqual({ value: 'dcim.device' });
    for (const bad of ['site', 'dcim.Site', 'dcim.site.x', 7]) expect(validate(bad), String(bad)).toEqual({ errors: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] });
    expect(validate(null)).toEqual({ errors: ['This field may not be null.'] });
    expect(objectType.response(fieldOf(entry, 'assigned_object_type'), fakeOpenApiContext(catalog))).toEqual({ type: 'string', enum: ['dcim.site', 'tenancy.tenant'], description: 'Object type, `<app>.<model>`' });
  });
});

describe('generic_fk', () => {
  const field = fieldOf(entry, 'assigned_object');

  it('is read-only, has no column and no validator', () => {
    expect(field).toMatchObject({ readOnly: true, column: null });
    expect(genericFk.column(field, catalog)).toBeNull();
    expect(genericFk.validators).toBeUndefined();
  });

  it('selects the nested object of whichever target the type names', () => {
    expect(genericFk.select(field, entry, 't', fakeSelectContext(catalog))).toBe(
      `CASE t."assigned_object_type" WHEN 'dcim.site' THEN NESTED(dcim.sites, t."assigned_object_id") WHEN 'tenancy.tenant' THEN NESTED(tenancy.tenants, t."assigned_object_id") END`,
    );
  });

  it('serialises through the resource of the row\'s type, or null', () => {
    const ctx = fakeSerializeContext(catalog, [site, tenant]);
    expect(genericFk.serialize(field, entry, { assigned_object_type: 'tenancy.tenant', assigned_object: { id: 2, name: 'T' } }, ctx)).toEqual({ nested: 'tenancy.tenants', id: 2, name: 'T' });
    expect(genericFk.serialize(field, entry, { assigned_object_type: 'dcim.site', assigned_object: null }, ctx)).toBeNull();
    expect(genericFk.serialize(field, entry, { assigned_object_type: 'gone.model', assigned_object: { id: 1 } }, ctx)).toBeNull();
    expect(genericFk.response(field, fakeOpenApiContext(catalog))).toEqual({ type: 'object', additionalProperties: {}, readOnly: true, nullable: true, description: 'A site, tenant' });
  });
});
