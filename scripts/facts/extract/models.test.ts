/**
 * models.md as the extract reads it: relations with on_delete and null, unique constraints with
 * Lower(), conditions and messages, and validation messages with or without their field.
 */
import { describe, expect, it } from 'vitest';
import { parseModels, parseUnique } from './models.ts';

const TEXT = `# title

## dcim

### ComponentModel (abstract) — bases: OwnerMixin, NetBoxModel
- ForeignKey \`device\` → dcim.Device; on_delete CASCADE; related_name %(class)ss
- unique (device, name)
- rule [clean] device: Components cannot be moved to a different device.

### BaseInterface (abstract) — bases: models.Model
- ForeignKey \`parent\` → self; on_delete RESTRICT; null; related_name child_interfaces
- ManyToManyField \`tagged_vlans\` → ipam.VLAN; related_name %(class)ss_as_tagged

## tenancy

### Tenant — bases: ContactsMixin, PrimaryModel
- ForeignKey \`group\` → tenancy.TenantGroup; on_delete SET_NULL; null; related_name tenants
- unique (group, name) — "Tenant name must be unique per group."
- unique (name) where Q(group__isnull=True)
- rule [clean] A tenant message without a field.
`;

describe('parseModels', () => {
  it('reads every class under its app, with relations, constraints and messages', () => {
    const models = parseModels(TEXT);
    expect(Object.keys(models)).toEqual(['dcim.ComponentModel', 'dcim.BaseInterface', 'tenancy.Tenant']);
    expect(models['dcim.ComponentModel']).toEqual({
      abstract: true,
      bases: ['OwnerMixin', 'NetBoxModel'],
      relations: { device: { kind: 'ForeignKey', target: 'dcim.Device', onDelete: 'CASCADE' } },
      unique: [{ fields: ['device', 'name'] }],
      rules: [{ hook: 'clean', field: 'device', message: 'Components cannot be moved to a different device.' }],
    });
    expect(models['dcim.BaseInterface']!.relations).toEqual({
      parent: { kind: 'ForeignKey', target: 'self', onDelete: 'RESTRICT', null: true },
      tagged_vlans: { kind: 'ManyToManyField', target: 'ipam.VLAN' },
    });
    expect(models['tenancy.Tenant']!.unique).toEqual([{ fields: ['group', 'name'], message: 'Tenant name must be unique per group.' }, { fields: ['name'], whereNull: ['group'] }]);
    expect(models['tenancy.Tenant']!.rules).toEqual([{ hook: 'clean', message: 'A tenant message without a field.' }]);
  });

  it('refuses a class described twice in one app', () => {
    expect(() => parseModels(`## dcim\n### A — bases: \n### A — bases: \n`)).toThrow('dcim.A is described twice');
  });
});

describe('parseUnique', () => {
  it('reads Lower() fields and conditions where_null can state, or keeps the condition', () => {
    expect(parseUnique("Lower('name'), 'site', 'tenant'", undefined, undefined)).toEqual({ fields: ['name', 'site', 'tenant'], lower: ['name'] });
    expect(parseUnique("Lower('name'), 'device'", 'Q(cluster__isnull=True, device__isnull=False, tenant__isnull=True)', 'Virtual machine name must be unique per device.')).toEqual({
      fields: ['name', 'device'],
      lower: ['name'],
      whereNull: ['cluster', 'tenant'],
      whereNotNull: ['device'],
      message: 'Virtual machine name must be unique per device.',
    });
    expect(parseUnique('provider, name', "~Q(name='')", undefined)).toEqual({ fields: ['provider', 'name'], condition: "~Q(name='')" });
  });
});
