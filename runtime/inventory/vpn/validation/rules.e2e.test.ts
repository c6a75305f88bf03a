/**
 * The validation messages of NetBox 4.6.8's vpn models (models.md, bases included, and
 * L2VPNTermination.clean(), which models.md leaves out), each triggered through the API with
 * NetBox's status, key and words, nothing written: custom field values (CustomFieldsMixin.clean()),
 * an IKE policy's mode by version, an IPSec proposal without algorithms, a tunnel termination on
 * an interface already terminated (and on an object of another type, by the constraint alone), its
 * object's id left out or null (BaseModel.clean()), an L2VPN termination on
 * an object already terminated or beyond a point-to-point L2VPN's two, the generic relations'
 * missing objects, and the unique constraints. Recorded in scripts/facts/rules/vpn.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Case = [string, 'POST' | 'PATCH', string, Record<string, unknown>, Record<string, unknown>];

const PATHS = ['tunnel-groups', 'tunnels', 'tunnel-terminations', 'ike-proposals', 'ike-policies', 'ipsec-proposals', 'ipsec-policies', 'ipsec-profiles', 'l2vpns', 'l2vpn-terminations'];
const TYPES = ['tunnelgroup', 'tunnel', 'tunneltermination', 'ikeproposal', 'ikepolicy', 'ipsecproposal', 'ipsecpolicy', 'ipsecprofile', 'l2vpn', 'l2vpntermination'].map((m) => `vpn.${m}`);

describe.each(testDatabases())('vpn validation rules on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', path.startsWith('/') ? path : `/api/vpn/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  let n = 0;
  const fresh = () => `bad-${++n}`;
  // A valid body of each path (a new interface for the terminations, so that only the case's fault is refused).
  const valid: Record<string, () => Record<string, unknown>> = {
    'tunnel-groups': () => ({ name: fresh(), slug: fresh() }),
    tunnels: () => ({ name: fresh(), status: 'active', encapsulation: 'gre' }),
    'tunnel-terminations': () => ({ tunnel: ids.tunnel, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.free }),
    'ike-proposals': () => ({ name: fresh(), authentication_method: 'preshared-keys', encryption_algorithm: 'aes-128-cbc', group: 14 }),
    'ike-policies': () => ({ name: fresh(), version: 2 }),
    'ipsec-proposals': () => ({ name: fresh(), encryption_algorithm: 'aes-128-cbc' }),
    'ipsec-policies': () => ({ name: fresh() }),
    'ipsec-profiles': () => ({ name: fresh(), mode: 'esp', ike_policy: ids.ikePolicy, ipsec_policy: ids.ipsecPolicy }),
    l2vpns: () => ({ name: fresh(), slug: fresh(), type: 'vxlan' }),
    'l2vpn-terminations': () => ({ l2vpn: ids.vxlan, assigned_object_type: 'dcim.interface', assigned_object_id: ids.free }),
  };
  const counts = async () => Promise.all(PATHS.map(async (p) => (await api.request('GET', `/api/vpn/${p}/?limit=1`)).body.count));

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc' });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker, model: 'R1', slug: 'r1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
    ids.site = site;
    ids.device = await post('/api/dcim/devices/', { name: 'r1', device_type: type, role, site });
    for (const name of ['tun0', 'tun1', 'eth0', 'eth1', 'eth2', 'free']) ids[name] = await post('/api/dcim/interfaces/', { device: ids.device, name, type: 'virtual' });
    ids.vlan = await post('/api/ipam/vlans/', { vid: 10, name: 'v10' });
    ids.ikePolicy = await post('ike-policies', { name: 'ike', version: 2 });
    ids.ipsecPolicy = await post('ipsec-policies', { name: 'esp' });
    ids.group = await post('tunnel-groups', { name: 'Mesh', slug: 'mesh' });
    ids.tunnel = await post('tunnels', { name: 'T1', status: 'active', encapsulation: 'gre' });
    ids.grouped = await post('tunnels', { name: 'T2', status: 'active', encapsulation: 'gre', group: ids.group });
    await post('tunnel-terminations', { tunnel: ids.tunnel, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.tun0 });
    // NetBox's serializer takes any object type: a site is terminated too.
    ids.onSite = await post('tunnel-terminations', { tunnel: ids.grouped, role: 'hub', termination_type: 'dcim.site', termination_id: ids.site });
    ids.vxlan = await post('l2vpns', { name: 'Fabric', slug: 'fabric', type: 'vxlan' });
    ids.vpws = await post('l2vpns', { name: 'Wire', slug: 'wire', type: 'vpws' });
    await post('l2vpn-terminations', { l2vpn: ids.vxlan, assigned_object_type: 'dcim.interface', assigned_object_id: ids.eth0 });
    await post('l2vpn-terminations', { l2vpn: ids.vpws, assigned_object_type: 'dcim.interface', assigned_object_id: ids.eth1 });
    await post('l2vpn-terminations', { l2vpn: ids.vpws, assigned_object_type: 'ipam.vlan', assigned_object_id: ids.vlan });
    for (const body of [
      { name: 'rule_int', type: 'integer', unique: true },
      { name: 'rule_req', type: 'text', required: true, default: 'x' },
    ]) {
      const made = await api.request('POST', '/api/extras/custom-fields/', { object_types: TYPES, ...body });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // One object of each type holds rule_int 7 (a termination on an interface of its own).
    for (const path of PATHS) {
      if (path === 'tunnel-terminations' || path === 'l2vpn-terminations') ids.free = await post('/api/dcim/interfaces/', { device: ids.device, name: fresh(), type: 'virtual' });
      await post(path, { ...valid[path]!(), custom_fields: { rule_int: 7, rule_req: 'x' } });
    }
    ids.free = await post('/api/dcim/interfaces/', { device: ids.device, name: 'spare', type: 'virtual' });
  }, 120_000);
  afterAll(async () => api?.close());

  const customFieldCases = (path: string): Case[] => [
    [`${path}: a bad value`, 'POST', path, { custom_fields: { rule_int: 'x' } }, { __all__: ["Invalid value for custom field 'rule_int': Value must be an integer."] }],
    [`${path}: a value another object holds`, 'POST', path, { custom_fields: { rule_int: 7 } }, { __all__: ["Custom field 'rule_int' must have a unique value."] }],
    [`${path}: a required field left out of the dict`, 'POST', path, { custom_fields: { rule_int: 8 } }, { __all__: ["Missing required custom field 'rule_req'."] }],
  ];

  it.each<Case>([
    ...PATHS.flatMap(customFieldCases),
    ['ike-policies: IKEv1 without a mode', 'POST', 'ike-policies', { version: 1 }, { __all__: ['Mode is required for selected IKE version'] }],
    ['ike-policies: IKEv2 with a mode', 'POST', 'ike-policies', { version: 2, mode: 'main' }, { __all__: ['Mode cannot be used for selected IKE version'] }],
    ['ike-policies: a mode added to IKEv2', 'PATCH', 'ike-policies/:ikePolicy', { mode: 'aggressive' }, { __all__: ['Mode cannot be used for selected IKE version'] }],
    ['ipsec-proposals: no algorithm', 'POST', 'ipsec-proposals', { encryption_algorithm: '' }, { __all__: ['Encryption and/or authentication algorithm must be defined'] }],
    ['tunnel-terminations: an interface already terminated', 'POST', 'tunnel-terminations', { termination_id: ':tun0' }, { termination: ['tun0 is already attached to a tunnel (T1).'], __all__: ['An object may be terminated to only one tunnel at a time.'] }],
    ['tunnel-terminations: an object of another type already terminated', 'POST', 'tunnel-terminations', { termination_type: 'dcim.site', termination_id: ':site' }, { __all__: ['An object may be terminated to only one tunnel at a time.'] }],
    ['tunnel-terminations: a type nothing is of', 'POST', 'tunnel-terminations', { termination_type: 'dcim.nothing' }, { termination_type: ['Invalid content type: dcim.nothing'] }],
    ['tunnel-terminations: no such interface', 'POST', 'tunnel-terminations', { termination_id: 999999 }, { termination_id: ['Related object not found using the provided value: 999999.'] }],
    ['tunnel-terminations: no site of that id', 'POST', 'tunnel-terminations', { termination_type: 'dcim.site', termination_id: 999999 }, { termination_id: ['Related object not found using the provided value: 999999.'] }],
    ['tunnel-terminations: a null object id', 'POST', 'tunnel-terminations', { termination_id: null }, { termination_id: ['This field cannot be null.'] }],
    ['tunnel-terminations: no object id', 'POST', 'tunnel-terminations', { termination_id: undefined }, { termination_id: ['This field cannot be null.'] }],
    ['tunnel-terminations: no object type', 'POST', 'tunnel-terminations', { termination_type: undefined }, { termination_type: ['This field is required.'] }],
    ['tunnel-terminations: its object id cleared', 'PATCH', 'tunnel-terminations/:onSite', { termination_id: null }, { termination_id: ['This field cannot be null.'] }],
    ['tunnels: a name taken', 'POST', 'tunnels', { name: 'T1' }, { name: ['tunnel with this name already exists.'] }],
    ['tunnels: a name taken in a group', 'POST', 'tunnels', { name: 'T2', group: ':group' }, { name: ['tunnel with this name already exists.'] }],
    ['l2vpn-terminations: an interface already terminated', 'POST', 'l2vpn-terminations', { assigned_object_id: ':eth0' }, { __all__: ['L2VPN Termination already assigned (eth0)', 'L2VPN termination with this Assigned object type and Assigned object id already exists.'] }],
    [
      'l2vpn-terminations: a third termination of a VPWS L2VPN',
      'POST',
      'l2vpn-terminations',
      { l2vpn: ':vpws' },
      { __all__: ['VPWS L2VPNs cannot have more than two terminations; found 2 already defined.'] },
    ],
    ['l2vpn-terminations: no such VLAN', 'POST', 'l2vpn-terminations', { assigned_object_type: 'ipam.vlan', assigned_object_id: 999999 }, { assigned_object_id: ['Related object not found using the provided value: 999999.'] }],
    ['l2vpn-terminations: a type that cannot be terminated', 'POST', 'l2vpn-terminations', { assigned_object_type: 'dcim.site', assigned_object_id: ':site' }, { assigned_object_type: ['Invalid content type: dcim.site'] }],
    ['l2vpns: no type', 'POST', 'l2vpns', { type: undefined }, { type: ['This field is required.'] }],
  ])('%s', async (_name, method, path, body, expected) => {
    const ref = (v: unknown) => (typeof v === 'string' && v.startsWith(':') ? ids[v.slice(1)] : v);
    const [base, id] = path.split('/');
    const url = `/api/vpn/${base}/${id ? `${ref(id)}/` : ''}`;
    const sent = { ...(method === 'POST' ? valid[base!]!() : {}), ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, ref(v)])) };
    const before = await counts();
    const response = await api.request(method, url, JSON.parse(JSON.stringify(sent)));
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: expected });
    expect(await counts()).toEqual(before);
  });

  it('counts the terminations an earlier item of a bulk request adds', async () => {
    const wire = await post('l2vpns', { name: 'Wire 2', slug: 'wire-2', type: 'epl' });
    const three = ['tun1', 'eth2', 'free'].map((name) => ({ l2vpn: wire, assigned_object_type: 'dcim.interface', assigned_object_id: ids[name] }));
    const response = await api.request('POST', '/api/vpn/l2vpn-terminations/', three);
    expect(response.status).toBe(400);
    expect(response.body).toEqual([{}, {}, { __all__: ['EPL L2VPNs cannot have more than two terminations; found 2 already defined.'] }]);
    const twice = await api.request('POST', '/api/vpn/tunnel-terminations/', [
      { tunnel: ids.tunnel, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.tun1 },
      { tunnel: ids.grouped, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.tun1 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual([{}, { __all__: ['An object may be terminated to only one tunnel at a time.'] }]);
  });
});
