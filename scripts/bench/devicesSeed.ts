/**
 * @module
 * The device list benchmark's data, made through the API as a user would: 10,000 devices, each
 * with a site, rack, type, role, platform, tenant, two tags and a primary IPv4 address assigned
 * to one of its interfaces. The device type has one template of each component kind (console,
 * console server, power port and outlet, interface, front and rear port, device and module bay,
 * inventory item),
 * so every device's component counts are 1 (its interfaces 2, with the management one): the list's
 * counts count real rows, few enough that the seed stays quick. Devices are created 1,000 per bulk
 * request; each of those requests is timed (the bulk-create figure, its templates instantiated).
 */
export type Post = (path: string, body: unknown) => Promise<any>;
export type Patch = (path: string, body: unknown) => Promise<any>;

export interface SeedFigures {
  /** Wall time (ms) of each 1,000-device bulk create request. */
  bulkCreateMs: number[];
}

const BATCH = 1000;

/** One template of each component kind, with what each requires. */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  'console-port': {}, 'console-server-port': {}, 'power-port': {}, 'power-outlet': {}, interface: { type: '1000base-t' },
  'rear-port': { type: '8p8c' }, 'front-port': { type: '8p8c' }, 'device-bay': {}, 'module-bay': {}, 'inventory-item': {},
};

/** The n-th host of 10.0.0.0/16 (n ≥ 1, so never the network's own address). */
function hostAddress(n: number): string {
  return `10.0.${Math.floor(n / 256)}.${n % 256}/16`;
}

export async function seedDevices(post: Post, patch: Patch, total: number): Promise<SeedFigures> {
  const tenant = await post('/api/tenancy/tenants/', { name: 'Bench', slug: 'bench' });
  const tags = [await post('/api/extras/tags/', { name: 'bench-a', slug: 'bench-a' }), await post('/api/extras/tags/', { name: 'bench-b', slug: 'bench-b' })];
  const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Bench', slug: 'bench' });
  // A parent type: device bay templates belong to types that hold child devices.
  const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Bench 1U', slug: 'bench-1u', subdevice_role: 'parent' });
  for (const [kind, extra] of Object.entries(TEMPLATES)) await post(`/api/dcim/${kind}-templates/`, { device_type: type.id, name: `${kind}-1`, ...extra });
  const role = await post('/api/dcim/device-roles/', { name: 'Bench', slug: 'bench', color: '00ff00' });
  const platform = await post('/api/dcim/platforms/', { name: 'Bench OS', slug: 'bench-os', manufacturer: manufacturer.id });
  const sites = await post('/api/dcim/sites/', Array.from({ length: 10 }, (_, i) => ({ name: `Site ${i}`, slug: `site-${i}`, tenant: tenant.id })));
  const racks = await post('/api/dcim/racks/', sites.flatMap((s: any, i: number) => Array.from({ length: 10 }, (_, j) => ({ name: `R${i}-${j}`, site: s.id }))));

  const bulkCreateMs: number[] = [];
  for (let start = 0; start < total; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => {
      const n = start + k;
      const rack = racks[n % racks.length];
      return { name: `dev${n}`, device_type: type.id, role: role.id, platform: platform.id, tenant: tenant.id, site: rack.site.id, rack: rack.id, tags: tags.map((t) => t.id), status: 'active' };
    });
    const started = performance.now();
    const devices = await post('/api/dcim/devices/', batch);
    bulkCreateMs.push(performance.now() - started);
    const interfaces = await post('/api/dcim/interfaces/', devices.map((d: any) => ({ device: d.id, name: 'mgmt0', type: '1000base-t' })));
    const addresses = await post(
      '/api/ipam/ip-addresses/',
      interfaces.map((itf: any, k: number) => ({ address: hostAddress(start + k + 1), assigned_object_type: 'dcim.interface', assigned_object_id: itf.id })),
    );
    await patch('/api/dcim/devices/', devices.map((d: any, k: number) => ({ id: d.id, primary_ip4: addresses[k].id })));
  }
  return { bulkCreateMs };
}
