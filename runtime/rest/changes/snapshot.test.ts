import { describe, expect, it } from 'vitest';
import { Registry } from '../registry.ts';
import { Snapshots } from './snapshot.ts';

const registry = Registry.load();
const snapshots = new Snapshots(registry);
const keys = (key: string) => [...snapshots.sql(registry.resource(key), 't').matchAll(/'([a-z_0-9]+)', /g)].map((m) => m[1]);

describe('Snapshots', () => {
  it("holds a model's stored fields by name, its forward many-to-many ids, custom fields and tag names", () => {
    const site = keys('dcim.sites');
    expect(site).toEqual(expect.arrayContaining(['name', 'slug', 'status', 'region', 'tenant', 'asns', 'tags', 'custom_fields', 'created', 'last_updated']));
    // Computed values and reverse relations are not the model's data.
    expect(site).not.toContain('device_count');
    expect(site).not.toContain('id');
    const sql = snapshots.sql(registry.resource('dcim.sites'), 't');
    expect(sql).toContain(`jsonb_agg(tg.name ORDER BY tg.name)`);
    expect(sql).toMatch(/to_char\(t\."created" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS\.MS"Z"'\)/);
  });

  it('leaves out tree bookkeeping and secrets', () => {
    expect(keys('dcim.regions')).not.toContain('_depth');
    expect(keys('users.users')).not.toContain('password');
    expect(keys('users.tokens')).not.toEqual(expect.arrayContaining(['plaintext']));
    expect(keys('users.tokens')).not.toContain('hmac_digest');
  });

  it('builds wide models in pieces, as PostgreSQL takes at most 100 function arguments', () => {
    const count = keys('dcim.interfaces').length;
    const sql = new Snapshots(registry, 10).sql(registry.resource('dcim.interfaces'), 't');
    expect(sql.match(/jsonb_build_object\(/g)).toHaveLength(Math.ceil(count / 10));
    expect(sql.startsWith('(jsonb_build_object(')).toBe(true);
    expect(sql).toContain(') || jsonb_build_object(');
  });
});
