/**
 * @module
 * A fixture with objects of every served resource, for runtime/server/rendering.e2e.test.ts: each kind of value
 * shown both set and unset (choices, decimals, dates and times, JSON, arrays, tags, nested,
 * generic and many-to-many relations), and custom fields of every type on devices and sites.
 */
import { enqueue } from '../jobs/index.ts';
import type { TestClient } from './inventoryApp.ts';

type Body = Record<string, any>;

export async function renderingFixture(api: TestClient): Promise<void> {
  const post = async (path: string, body: unknown): Promise<any> => {
    const response = await api.request('POST', `/api/${path}/`, body);
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const patch = async (path: string, body: unknown): Promise<any> => {
    const response = await api.request('PATCH', `/api/${path}/`, body);
    if (response.status !== 200) throw new Error(`PATCH ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const [gold, blue] = await post('extras/tags', [{ name: 'Gold', slug: 'gold', color: 'ffd700' }, { name: 'Blue', slug: 'blue' }]);
  const tags = [gold.id, blue.id];
  const tenantGroup = await post('tenancy/tenant-groups', { name: 'Customers', slug: 'customers' });
  await post('tenancy/tenant-groups', { name: 'Key', slug: 'key', parent: tenantGroup.id });
  const tenant = await post('tenancy/tenants', { name: 'Acme Corp', slug: 'acme-corp', group: tenantGroup.id, tags });
  const region = await post('dcim/regions', { name: 'EMEA', slug: 'emea' });
  await post('dcim/regions', { name: 'France', slug: 'france', parent: region.id });
  const siteGroup = await post('dcim/site-groups', { name: 'Campus', slug: 'campus' });
  const choiceSet = await post('extras/custom-field-choice-sets', { name: 'Colours', extra_choices: [['red', 'Red'], ['green', 'Green']] });
  const site = await post('dcim/sites', { name: 'Paris', slug: 'paris', region: region.id, group: siteGroup.id, tenant: tenant.id, status: 'planned', latitude: 48.8566, longitude: 2.3522, time_zone: 'Europe/Paris', asns: [], tags });
  const bare = await post('dcim/sites', { name: 'Bare', slug: 'bare' });

  const customFields: Body[] = [
    { name: 'cf_text', type: 'text' },
    { name: 'cf_longtext', type: 'longtext' },
    { name: 'cf_integer', type: 'integer' },
    { name: 'cf_decimal', type: 'decimal' },
    { name: 'cf_boolean', type: 'boolean' },
    { name: 'cf_date', type: 'date' },
    { name: 'cf_datetime', type: 'datetime' },
    { name: 'cf_url', type: 'url' },
    { name: 'cf_json', type: 'json' },
    { name: 'cf_select', type: 'select', choice_set: choiceSet.id },
    { name: 'cf_multiselect', type: 'multiselect', choice_set: choiceSet.id },
    { name: 'cf_site', type: 'object', related_object_type: 'dcim.site' },
    { name: 'cf_sites', type: 'multiobject', related_object_type: 'dcim.site' },
  ];
  await post('extras/custom-fields', customFields.map((f) => ({ ...f, object_types: ['dcim.device', 'dcim.site'] })));
  const cfValues = {
    cf_text: 'hello', cf_longtext: 'a\nb', cf_integer: 42, cf_decimal: 1.5, cf_boolean: false, cf_date: '2026-05-01', cf_datetime: '2026-05-01T10:00:00Z',
    cf_url: 'https://example.com/', cf_json: { b: 1, a: [1, 'x', null] }, cf_select: 'red', cf_multiselect: ['green', 'red'], cf_site: site.id, cf_sites: [bare.id, site.id],
  };
  await patch(`dcim/sites/${site.id}`, { custom_fields: cfValues });

  const location = await post('dcim/locations', { name: 'Floor 1', slug: 'floor-1', site: site.id, status: 'active', tenant: tenant.id });
  await post('dcim/locations', { name: 'Room 1', slug: 'room-1', site: site.id, parent: location.id });
  const rackGroup = await post('dcim/rack-groups', { name: 'Row A', slug: 'row-a' });
  const rackRole = await post('dcim/rack-roles', { name: 'Core', slug: 'core', color: '00ff00' });
  const manufacturer = await post('dcim/manufacturers', { name: 'Juniper', slug: 'juniper' });
  const rackType = await post('dcim/rack-types', { manufacturer: manufacturer.id, model: 'R42', slug: 'r42', form_factor: '4-post-cabinet', u_height: 42, width: 19, weight: 12.5, weight_unit: 'kg' });
  const rack = await post('dcim/racks', { name: 'R1', site: site.id, location: location.id, role: rackRole.id, rack_type: rackType.id, status: 'active', tags });
  await post('dcim/racks', { name: 'R2', site: bare.id });
  await post('dcim/rack-reservations', [{ rack: rack.id, units: [1, 2, 5], user: 1, tenant: tenant.id, status: 'pending', description: 'Held', comments: 'c', tags }, { rack: rack.id, units: [40], user: 1, description: 'Spare' }]);
  const deviceType = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'MX480', slug: 'mx480', u_height: 2, airflow: 'front-to-rear', weight: 30.25, weight_unit: 'kg', subdevice_role: 'parent' });
  const childType = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'Blade', slug: 'blade', u_height: 0, subdevice_role: 'child' });
  const role = await post('dcim/device-roles', { name: 'Router', slug: 'router', color: 'ff0000' });
  const platform = await post('dcim/platforms', { name: 'Junos', slug: 'junos', manufacturer: manufacturer.id });
  const clusterType = await post('virtualization/cluster-types', { name: 'VMware', slug: 'vmware' });
  const clusterGroup = await post('virtualization/cluster-groups', { name: 'Prod', slug: 'prod' });
  const cluster = await post('virtualization/clusters', { name: 'C1', type: clusterType.id, group: clusterGroup.id, scope_type: 'dcim.site', scope_id: site.id, status: 'active' });
  const configTemplate = await post('extras/config-templates', { name: 'Base', template_code: 'hostname {{ device.name }}' });
  await post('extras/export-templates', [
    { name: 'CSV', object_types: ['dcim.device', 'dcim.site'], template_code: '{% for d in queryset %}{{ d.name }}\n{% endfor %}', mime_type: 'text/csv', file_name: 'devices', file_extension: 'csv', as_attachment: false },
    { name: 'Plain', object_types: ['dcim.site'], template_code: 'x' },
  ]);
  const chassis = await post('dcim/virtual-chassis', { name: 'VC1', domain: 'vc.example' });
  const [router, unnamed] = await post('dcim/devices', [
    { name: 'r1', device_type: deviceType.id, role: role.id, site: site.id, location: location.id, rack: rack.id, position: 10, face: 'front', platform: platform.id, tenant: tenant.id, status: 'active', airflow: 'rear-to-front', latitude: 48.1, longitude: 2.25, serial: 'SN1', asset_tag: 'A1', cluster: cluster.id, config_template: configTemplate.id, virtual_chassis: chassis.id, vc_position: 1, vc_priority: 10, local_context_data: { z: 1, a: { b: [true, null] } }, tags, custom_fields: cfValues },
    { device_type: deviceType.id, role: role.id, site: bare.id },
  ]);
  await patch(`dcim/virtual-chassis/${chassis.id}`, { master: router.id });
  const bay = await post('dcim/device-bays', { device: router.id, name: 'Bay 1' });
  const blade = await post('dcim/devices', { name: 'blade1', device_type: childType.id, role: role.id, site: site.id, rack: rack.id });
  await patch(`dcim/device-bays/${bay.id}`, { installed_device: blade.id });
  await post('dcim/virtual-device-contexts', { name: 'VDC1', device: router.id, status: 'active', identifier: 1, tenant: tenant.id });
  const profile = await post('dcim/module-type-profiles', { name: 'Line card', schema: { properties: { speed: { type: 'integer' } } } });
  const moduleType = await post('dcim/module-types', { manufacturer: manufacturer.id, model: 'MPC', profile: profile.id, attributes: { speed: 100 }, weight: 2.5, weight_unit: 'kg' });
  const moduleBay = await post('dcim/module-bays', { device: router.id, name: 'Slot 0', position: '0' });
  await post('dcim/module-bays', { device: router.id, name: 'Slot 1' });
  await post('dcim/modules', { device: router.id, module_bay: moduleBay.id, module_type: moduleType.id, status: 'active', serial: 'M1' });
  // Device components (runtime/inventory/dcim/components): ports of every kind, a power outlet fed by a power port, front ports mapped to a rear port.
  const [firstModule] = (await api.request('GET', `/api/dcim/modules/?device_id=${router.id}`)).body.results;
  await post('dcim/console-ports', [{ device: router.id, module: firstModule.id, name: 'con0', label: 'Console', type: 'rj-45', speed: 9600, tags }, { device: router.id, name: 'con1', mark_connected: true }]);
  await post('dcim/console-server-ports', { device: router.id, name: 'ttyS1', type: 'usb-a' });
  const powerPort = await post('dcim/power-ports', { device: router.id, name: 'PSU0', type: 'iec-60320-c14', maximum_draw: 800, allocated_draw: 400 });
  await post('dcim/power-outlets', [{ device: router.id, name: 'Outlet 1', type: 'iec-60320-c13', power_port: powerPort.id, feed_leg: 'A', color: 'ff0000' }, { device: router.id, name: 'Outlet 2', feed_leg: '' }]);
  const rearPort = await post('dcim/rear-ports', { device: router.id, name: 'Rear 1', type: '8p8c', positions: 2, color: '00ff00' });
  await post('dcim/front-ports', [{ device: router.id, name: 'Front 1', type: '8p8c', rear_ports: [{ position: 1, rear_port: rearPort.id, rear_port_position: 2 }] }, { device: router.id, name: 'Front 2', type: 'lc' }]);

  const vrf = await post('ipam/vrfs', { name: 'Blue', rd: '65000:1', tenant: tenant.id });
  const rir = await post('ipam/rirs', { name: 'RIPE', slug: 'ripe', is_private: false });
  await post('ipam/aggregates', { prefix: '10.0.0.0/8', rir: rir.id, date_added: '2020-01-02', tenant: tenant.id });
  await post('ipam/asns', { asn: 65001, rir: rir.id });
  await post('ipam/route-targets', { name: '65000:100', tenant: tenant.id });
  const ipamRole = await post('ipam/roles', { name: 'Loopbacks', slug: 'loopbacks', weight: 10 });
  const vlanGroup = await post('ipam/vlan-groups', { name: 'VG1', slug: 'vg1', vid_ranges: [[1, 100], [200, 299]], scope_type: 'dcim.site', scope_id: site.id });
  const vlan = await post('ipam/vlans', { vid: 10, name: 'Users', group: vlanGroup.id, status: 'active', role: ipamRole.id, tenant: tenant.id });
  await post('ipam/vlans', { vid: 20, name: 'Voice' });
  await post('ipam/prefixes', [{ prefix: '10.1.0.0/16', vrf: vrf.id, vlan: vlan.id, role: ipamRole.id, status: 'container', scope_type: 'dcim.site', scope_id: site.id }, { prefix: '2001:db8::/32' }]);
  await post('ipam/ip-ranges', { start_address: '10.1.0.10/16', end_address: '10.1.0.20/16', vrf: vrf.id, status: 'active' });
  const policy = await post('ipam/vlan-translation-policies', { name: 'P1' });
  await post('ipam/vlan-translation-rules', { policy: policy.id, local_vid: 10, remote_vid: 110 });

  const [eth0, eth1] = await post('dcim/interfaces', [
    { device: router.id, name: 'eth0', type: '1000base-t', mode: 'tagged', untagged_vlan: vlan.id, tagged_vlans: [vlan.id], mtu: 1500, speed: 1000000, duplex: 'full', enabled: true, vrf: vrf.id, tags },
    { device: router.id, name: 'eth1', type: '1000base-t' },
  ]);
  await post('dcim/interfaces', { device: unnamed.id, name: 'eth0', type: '10gbase-x-sfpp' });
  const mac = await post('dcim/mac-addresses', { mac_address: '00:1a:2b:3c:4d:5e', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
  await patch(`dcim/interfaces/${eth0.id}`, { primary_mac_address: mac.id });
  await post('dcim/mac-addresses', { mac_address: '00:1a:2b:3c:4d:5f' });
  const inside = await post('ipam/ip-addresses', { address: '10.1.0.1/16', vrf: vrf.id, status: 'active', role: 'loopback', dns_name: 'r1.example', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id, tags });
  await post('ipam/ip-addresses', { address: '192.0.2.1/24', nat_inside: inside.id });
  await post('ipam/ip-addresses', { address: '2001:db8::1/64' });
  await patch(`dcim/devices/${router.id}`, { primary_ip4: inside.id, oob_ip: inside.id });
  const bundle = await post('dcim/cable-bundles', { name: 'B1' });
  await post('dcim/cables', {
    a_terminations: [{ object_type: 'dcim.interface', object_id: eth1.id }],
    b_terminations: [{ object_type: 'dcim.interface', object_id: (await api.request('GET', `/api/dcim/interfaces/?device_id=${unnamed.id}`)).body.results[0].id }],
    status: 'connected', type: 'cat6', label: 'C1', color: '0000ff', length: 2.5, length_unit: 'm', bundle: bundle.id, tenant: tenant.id, tags,
  });

  const panel = await post('dcim/power-panels', { site: site.id, location: location.id, name: 'Panel 1', tags });
  await post('dcim/power-feeds', [
    { power_panel: panel.id, rack: rack.id, name: 'Feed A', status: 'planned', type: 'redundant', phase: 'three-phase', voltage: 208, amperage: 30, tenant: tenant.id, mark_connected: true, tags },
    { power_panel: panel.id, name: 'Feed B', supply: 'dc', voltage: -48 },
  ]);
  const itemRole = await post('dcim/inventory-item-roles', { name: 'Optic', slug: 'optic', color: '00ff00' });
  const item = await post('dcim/inventory-items', { device: router.id, name: 'Chassis', role: itemRole.id, manufacturer: manufacturer.id, serial: 'IC1', asset_tag: 'IA1', status: 'planned', tags });
  await post('dcim/inventory-items', { device: router.id, parent: item.id, name: 'SFP', label: 'port 0', component_type: 'dcim.interface', component_id: eth0.id, discovered: true });
  const itemTemplate = await post('dcim/inventory-item-templates', { device_type: deviceType.id, name: 'Chassis', role: itemRole.id, manufacturer: manufacturer.id });
  await post('dcim/inventory-item-templates', { device_type: deviceType.id, parent: itemTemplate.id, name: 'PSU', label: 'PEM 0' });

  const vm = await post('virtualization/virtual-machines', { name: 'vm1', cluster: cluster.id, site: site.id, status: 'active', vcpus: 2.5, memory: 4096, disk: 100, role: role.id, platform: platform.id, tenant: tenant.id, tags });
  await post('virtualization/virtual-machines', { name: 'vm2', site: bare.id });
  const vmInterface = await post('virtualization/interfaces', { virtual_machine: vm.id, name: 'eth0', mode: 'access', untagged_vlan: vlan.id, mtu: 9000 });
  await post('virtualization/interfaces', { virtual_machine: vm.id, name: 'eth1', parent: vmInterface.id });
  await post('virtualization/virtual-disks', { virtual_machine: vm.id, name: 'disk0', size: 50 });
  await post('ipam/service-templates', { name: 'SSH', protocol: 'tcp', ports: [22] });
  await post('ipam/services', { parent_object_type: 'dcim.device', parent_object_id: router.id, name: 'HTTP', protocol: 'tcp', ports: [80, 443], ipaddresses: [inside.id] });

  // ASN ranges, FHRP groups with an address and assignments, VM types, wireless LANs and a link.
  await post('ipam/asn-ranges', { name: 'Private', slug: 'private', rir: rir.id, start: 65000, end: 65100, tenant: tenant.id, tags });
  const fhrp = await post('ipam/fhrp-groups', { protocol: 'vrrp2', group_id: 5, name: 'gw', auth_type: 'md5', auth_key: 'k', tags });
  await post('ipam/fhrp-groups', { protocol: 'hsrp', group_id: 6 });
  await post('ipam/ip-addresses', { address: '10.1.0.254/16', vrf: vrf.id, role: 'vrrp', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: fhrp.id });
  await post('ipam/fhrp-group-assignments', { group: fhrp.id, interface_type: 'dcim.interface', interface_id: eth0.id, priority: 100 });
  await post('ipam/fhrp-group-assignments', { group: fhrp.id, interface_type: 'virtualization.vminterface', interface_id: vmInterface.id, priority: 50 });
  const vmType = await post('virtualization/virtual-machine-types', { name: 'Small', slug: 'small', default_platform: platform.id, default_vcpus: 1.5, default_memory: 1024, tags });
  await post('virtualization/virtual-machine-types', { name: 'Bare', slug: 'bare' });
  await post('virtualization/virtual-machines', { name: 'vm3', site: bare.id, virtual_machine_type: vmType.id });
  const lanGroup = await post('wireless/wireless-lan-groups', { name: 'Campus', slug: 'campus', tags });
  await post('wireless/wireless-lan-groups', { name: 'Floor 1', slug: 'floor-1', parent: lanGroup.id });
  const lan = await post('wireless/wireless-lans', { ssid: 'corp', group: lanGroup.id, vlan: vlan.id, scope_type: 'dcim.site', scope_id: site.id, tenant: tenant.id, auth_type: 'wpa-personal', auth_cipher: 'aes', auth_psk: 'psk', tags });
  await post('wireless/wireless-lans', { ssid: 'guest', status: 'disabled' });
  const [radio1, radio2] = await post('dcim/interfaces', [
    { device: router.id, name: 'wlan0', type: 'ieee802.11ax', wireless_lans: [lan.id] },
    { device: unnamed.id, name: 'wlan0', type: 'ieee802.11ax' },
  ]);
  await post('wireless/wireless-links', { interface_a: radio1.id, interface_b: radio2.id, ssid: 'bh', status: 'planned', tenant: tenant.id, auth_type: 'open', distance: 1.25, distance_unit: 'km', tags });

  // Circuits: a provider with an account and a network, a circuit with both sides, a group, a virtual circuit.
  const provider = await post('circuits/providers', { name: 'Carrier', slug: 'carrier', tags });
  await post('circuits/provider-accounts', { provider: provider.id, account: 'A-1', name: 'Main' });
  const network = await post('circuits/provider-networks', { provider: provider.id, name: 'MPLS', service_id: 'svc-1' });
  const circuitType = await post('circuits/circuit-types', { name: 'Internet', slug: 'internet', color: 'aa1409' });
  const circuit = await post('circuits/circuits', { cid: 'C-1', provider: provider.id, type: circuitType.id, status: 'active', tenant: tenant.id, commit_rate: 1000, tags });
  await post('circuits/circuits', { cid: 'C-2', provider: provider.id, type: circuitType.id });
  await post('circuits/circuit-terminations', { circuit: circuit.id, term_side: 'A', termination_type: 'dcim.site', termination_id: site.id, port_speed: 1000 });
  await post('circuits/circuit-terminations', { circuit: circuit.id, term_side: 'Z', termination_type: 'circuits.providernetwork', termination_id: network.id });
  const circuitGroup = await post('circuits/circuit-groups', { name: 'Ring', slug: 'ring', tenant: tenant.id });
  await post('circuits/circuit-group-assignments', { group: circuitGroup.id, member_type: 'circuits.circuit', member_id: circuit.id, priority: 'primary' });
  const virtualType = await post('circuits/virtual-circuit-types', { name: 'P2P', slug: 'p2p' });
  const virtualCircuit = await post('circuits/virtual-circuits', { cid: 'VC-1', provider_network: network.id, type: virtualType.id, tenant: tenant.id });
  const vcInterface = await post('dcim/interfaces', { device: router.id, name: 'vc0', type: 'virtual' });
  await post('circuits/virtual-circuit-terminations', { virtual_circuit: virtualCircuit.id, role: 'peer', interface: vcInterface.id });

  // VPN: an IKE/IPSec profile chain, a tunnel with a termination, an L2VPN terminated on a VLAN.
  const tunnelGroup = await post('vpn/tunnel-groups', { name: 'Core', slug: 'core' });
  const ikeProposal = await post('vpn/ike-proposals', { name: 'ike1', authentication_method: 'preshared-keys', encryption_algorithm: 'aes-128-cbc', authentication_algorithm: 'hmac-sha256', group: 14 });
  const ikePolicy = await post('vpn/ike-policies', { name: 'ikepol', version: 2, proposals: [ikeProposal.id] });
  const ipsecProposal = await post('vpn/ipsec-proposals', { name: 'ipsec1', encryption_algorithm: 'aes-128-cbc', authentication_algorithm: 'hmac-sha256' });
  const ipsecPolicy = await post('vpn/ipsec-policies', { name: 'ipsecpol', proposals: [ipsecProposal.id], pfs_group: 14 });
  const ipsecProfile = await post('vpn/ipsec-profiles', { name: 'prof', mode: 'esp', ike_policy: ikePolicy.id, ipsec_policy: ipsecPolicy.id });
  const tunnel = await post('vpn/tunnels', { name: 'T1', status: 'active', group: tunnelGroup.id, encapsulation: 'ipsec-tunnel', ipsec_profile: ipsecProfile.id, tenant: tenant.id, tunnel_id: 7, tags });
  await post('vpn/tunnels', { name: 'T2', status: 'planned', encapsulation: 'gre' });
  await post('vpn/tunnel-terminations', { tunnel: tunnel.id, role: 'peer', termination_type: 'dcim.interface', termination_id: vcInterface.id });
  const l2vpn = await post('vpn/l2vpns', { name: 'Fabric', slug: 'fabric', type: 'vxlan', identifier: 5000, tenant: tenant.id, tags });
  await post('vpn/l2vpn-terminations', { l2vpn: l2vpn.id, assigned_object_type: 'ipam.vlan', assigned_object_id: vlan.id });

  const contactGroup = await post('tenancy/contact-groups', { name: 'Ops', slug: 'ops' });
  const contactRole = await post('tenancy/contact-roles', { name: 'Admin', slug: 'admin' });
  const contact = await post('tenancy/contacts', { name: 'Ann', email: 'ann@example.com', groups: [contactGroup.id] });
  await post('tenancy/contacts', { name: 'Bob' });
  await post('tenancy/contact-assignments', { object_type: 'dcim.device', object_id: router.id, contact: contact.id, role: contactRole.id, priority: 'primary' });
  await post('extras/journal-entries', { assigned_object_type: 'dcim.device', assigned_object_id: router.id, kind: 'warning', comments: 'Check fans' });
  await post('extras/custom-links', [
    { name: 'Graphs', object_types: ['dcim.device'], link_text: '{{ object.name }}', link_url: 'https://m.example.com/{{ object.name }}' },
    { name: 'Wiki', object_types: ['dcim.site', 'dcim.device'], link_text: 'Wiki', link_url: 'https://wiki/', group_name: 'Tools', button_class: 'ghost-dark', new_window: true },
  ]);
  // Image attachments as an upload leaves them (the upload itself: imageAttachments.e2e.test.ts), with and without a name.
  await api.db.query(
    `INSERT INTO extras_image_attachment (object_type, object_id, name, image, description, image_height, image_width, image_size, created, last_updated)
     VALUES ('dcim.device', $1::int, 'Front', 'image-attachments/device_' || $1::text || '_Front.png', 'Front view', 2, 3, 120, now(), now()),
            ('dcim.device', $1::int, '', 'image-attachments/device_' || $1::text || '_rear.png', '', 1, 1, 80, now(), now())`,
    [router.id],
  );

  // Component templates of a type no device uses, and of the module type, set and unset.
  const templated = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'SRX', slug: 'srx', subdevice_role: 'parent' });
  const bridge = await post('dcim/interface-templates', { device_type: templated.id, name: 'br0', type: 'bridge' });
  await post('dcim/interface-templates', { device_type: templated.id, name: 'ge-0/0/0', label: 'wan', type: '1000base-t', bridge: bridge.id, poe_mode: 'pse', poe_type: 'type1-ieee802.3af', mgmt_only: true });
  await post('dcim/interface-templates', { module_type: moduleType.id, name: 'et-{module}/0', type: '100gbase-x-qsfp28' });
  await post('dcim/console-port-templates', { device_type: templated.id, name: 'con', type: 'rj-45' });
  await post('dcim/console-server-port-templates', { module_type: moduleType.id, name: 'cs{module}' });
  const psu = await post('dcim/power-port-templates', { device_type: templated.id, name: 'PSU0', type: 'iec-60320-c14', maximum_draw: 500, allocated_draw: 250 });
  await post('dcim/power-outlet-templates', { device_type: templated.id, name: 'out1', type: 'iec-60320-c13', color: 'ff0000', power_port: psu.id, feed_leg: 'A' });
  await post('dcim/power-outlet-templates', { module_type: moduleType.id, name: 'out{module}' });
  await post('dcim/rear-port-templates', { device_type: templated.id, name: 'rear1', type: 'lc', positions: 4, color: '00ff00' });
  await post('dcim/front-port-templates', { module_type: moduleType.id, name: 'front{module}', type: 'lc' });
  await post('dcim/module-bay-templates', { device_type: templated.id, name: 'slot{module}', position: '1', enabled: false });
  await post('dcim/device-bay-templates', { device_type: templated.id, name: 'bay1', label: 'top', description: 'blade' });

  const source = await post('core/data-sources', { name: 'Repo', type: 'local', source_url: '/tmp/rendering-fixture', ignore_rules: '*.txt' });
  // Data files are made by syncing a source, which the API cannot do here: one is written directly.
  await api.db.query(`INSERT INTO core_data_file (source_id, path, last_updated, size, hash, created, data) VALUES ($1, 'a/b.yaml', now(), 3, repeat('0', 64), now(), 'a: 1')`, [source.id]);
  // Config contexts: one scoped to nearly everything (tags by slug), one bare; a profile with a schema.
  const contextProfile = await post('extras/config-context-profiles', { name: 'NTP', description: 'ntp', schema: { type: 'object' }, tags, comments: 'c' });
  await post('extras/config-context-profiles', { name: 'Empty' });
  await post('extras/config-contexts', {
    name: 'Scoped', weight: 10, profile: contextProfile.id, description: 'd', regions: [region.id], site_groups: [siteGroup.id], sites: [site.id], roles: [role.id], platforms: [platform.id],
    cluster_types: [clusterType.id], clusters: [cluster.id], tenant_groups: [tenantGroup.id], tenants: [tenant.id], tags: ['gold', 'blue'], data: { ntp: { servers: ['a'] } },
  });
  await post('extras/config-contexts', { name: 'Global', data: { dns: 'x' }, is_active: false });
  const group = await post('users/groups', { name: 'NOC' });
  const user = await post('users/users', { username: 'noc', password: 'Noc-password-1', groups: [group.id], email: 'noc@example.com' });
  await post('users/permissions', { name: 'View devices', object_types: ['dcim.device'], actions: ['view'], users: [user.id], groups: [group.id], constraints: { status: 'active' } });
  await post('users/tokens', { user: user.id, description: 'reader', write_enabled: false, expires: '2030-01-01T00:00:00Z', allowed_ips: ['10.0.0.0/8'] });
  const ownerGroup = await post('users/owner-groups', { name: 'Teams' });
  const owner = await post('users/owners', { name: 'Network team', group: ownerGroup.id, users: [user.id], user_groups: [group.id] });

  // The users' own objects: bookmarks and subscriptions (on an owner too), notifications (one whose object is gone), groups to notify, saved filters and table configs.
  await post('extras/bookmarks', { object_type: 'dcim.device', object_id: router.id, user: user.id });
  await post('extras/bookmarks', { object_type: 'users.owner', object_id: owner.id, user: user.id });
  await post('extras/subscriptions', { object_type: 'dcim.site', object_id: site.id, user: user.id });
  await post('extras/notifications', { object_type: 'dcim.device', object_id: router.id, user: user.id, event_type: 'object_updated', read: '2026-01-01T00:00:00Z' });
  const gone = await post('dcim/sites', { name: 'Gone', slug: 'gone' });
  await post('extras/notifications', { object_type: 'dcim.site', object_id: gone.id, user: user.id, event_type: 'object_deleted' });
  await api.request('DELETE', `/api/dcim/sites/${gone.id}/`);
  await post('extras/notification-groups', { name: 'On call', description: 'd', groups: [group.id], users: [user.id] });
  await post('extras/notification-groups', { name: 'Nobody' });
  await post('extras/saved-filters', { name: 'Active', slug: 'active', description: 'd', object_types: ['dcim.site', 'dcim.device'], parameters: { status: ['active'] }, user: user.id, weight: 5, shared: false, owner: owner.id });
  await post('extras/saved-filters', { name: 'Plain', slug: 'plain', object_types: ['dcim.site'], parameters: {} });
  await post('extras/table-configs', { object_type: 'dcim.site', table: 'SiteTable', name: 'Compact', description: 'd', columns: ['name', 'status'], ordering: ['-name'], user: user.id, enabled: false });
  await post('extras/table-configs', { object_type: 'dcim.device', table: 'DeviceTable', name: 'Plain', columns: ['name'] });

  // Webhooks and the event rules that send them (one with every field set, one bare).
  const hook = await post('extras/webhooks', {
    name: 'Chat', description: 'd', payload_url: 'https://chat.example.com/{{ event }}', http_method: 'PUT', http_content_type: 'application/x-www-form-urlencoded',
    additional_headers: 'X-Env: lab', body_template: '{{ data.name }}', secret: 's3cret', ssl_verification: false, tags, owner: owner.id,
  });
  await post('extras/webhooks', { name: 'Bare', payload_url: 'http://hooks.example.com/' });
  await post('extras/event-rules', {
    name: 'Devices up', description: 'd', object_types: ['dcim.device', 'dcim.site'], event_types: ['object_created', 'object_updated'], enabled: false,
    conditions: { and: [{ attr: 'status.value', value: 'active' }] }, action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: hook.id, tags, owner: owner.id,
  });
  await post('extras/event-rules', { name: 'Notify', object_types: ['dcim.site'], event_types: ['object_deleted'], action_type: 'notification', action_object_type: 'extras.notificationgroup', action_object_id: 1, enabled: false });
  // A script module with two scripts, and jobs: one about a data source with a user and a log, one system job.
  const form = new FormData();
  form.append('file', new File(['export class Hello extends Script { run() { return 1; } }\nexport const Plain = { description: "d", run() {} };\n'], 'fixture.js', { type: 'text/javascript' }));
  const uploaded = await api.raw('POST', '/api/extras/scripts/upload/', form);
  if (uploaded.status !== 201 && uploaded.status !== 200) throw new Error(`script upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const admin = (await api.request('GET', '/api/users/users/?username=admin')).body.results[0].id;
  const { jobId } = await enqueue(api.db, { kind: 'fixture.none', runAt: new Date(Date.now() + 3_600_000), intervalMinutes: 60, job: { name: 'Synchronization', objectType: 'core.datasource', objectId: source.id, userId: admin } });
  await api.db.query(`UPDATE core_job SET status = 'errored', started = now(), completed = now(), error = 'SyncError(''x'')', data = '{"a": 1}', log_entries = '[{"level": "info", "message": "m", "timestamp": "2026-01-01T00:00:00Z"}]' WHERE id = $1`, [jobId]);
  await enqueue(api.db, { kind: 'fixture.none', runAt: new Date(Date.now() + 3_600_000), job: { name: 'System Housekeeping', notifications: 'never' } });
}
