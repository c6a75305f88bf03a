/**
 * @module
 * dcim device components — console, console server, power and pass-through ports and power
 * outlets: what the cabled components share (SQL expressions and method filters) and each
 * model's rules.
 */
import type { MethodFilter } from '../../../rest/index.ts';
import type { AppRules } from '../../appRules.ts';
import * as cabled from './cabled.ts';
import { componentRules } from './componentRules.ts';
import * as mappings from './portMappings.ts';
import { powerOutletRules, powerPortRules } from './powerRules.ts';
import * as related from './relatedFilters.ts';

/** The served components, power feeds and circuit terminations by the name NetBox's cable filters give them (`consoleport_id`, `powerfeed_id`, `circuittermination_id`). */
const TERMINATING = { consoleport: 'dcim.console-ports', consoleserverport: 'dcim.console-server-ports', powerport: 'dcim.power-ports', poweroutlet: 'dcim.power-outlets', frontport: 'dcim.front-ports', rearport: 'dcim.rear-ports', powerfeed: 'dcim.power-feeds', circuittermination: 'circuits.circuit-terminations' };
const perType = (prefix: string, filter: (key: string) => MethodFilter) => Object.fromEntries(Object.entries(TERMINATING).map(([name, key]) => [`${prefix}_${name}_id`, filter(key)]));

export const components: AppRules = {
  expressions: {
    cabled_link_peers: cabled.linkPeers,
    cabled_link_peers_type: cabled.linkPeersType,
    cabled_occupied: cabled.occupied,
    front_port_rear_ports: mappings.frontRearPorts,
    rear_port_front_ports: mappings.rearFrontPorts,
    device_console_port_count: related.deviceCount('dcim.console-ports'),
    device_console_server_port_count: related.deviceCount('dcim.console-server-ports'),
    device_power_port_count: related.deviceCount('dcim.power-ports'),
    device_power_outlet_count: related.deviceCount('dcim.power-outlets'),
    device_front_port_count: related.deviceCount('dcim.front-ports'),
    device_rear_port_count: related.deviceCount('dcim.rear-ports'),
  },
  methods: {
    cabled_cabled: cabled.cabledFilter,
    cabled_occupied: cabled.occupiedFilter,
    front_port_rear_port_id: mappings.rearPortIdFilter,
    rear_port_front_port_id: mappings.frontPortIdFilter,
    device_console_ports: related.deviceHas('dcim.console-ports'),
    device_console_server_ports: related.deviceHas('dcim.console-server-ports'),
    device_power_ports: related.deviceHas('dcim.power-ports'),
    device_power_outlets: related.deviceHas('dcim.power-outlets'),
    device_pass_through_ports: related.devicePassThroughPorts,
    ...perType('cable', related.cableAt),
    ...perType('termination', related.terminationAt),
  },
  rules: {
    'dcim.console-ports': componentRules,
    'dcim.console-server-ports': componentRules,
    'dcim.power-ports': powerPortRules,
    'dcim.power-outlets': powerOutletRules,
    'dcim.front-ports': mappings.frontPortRules,
    'dcim.rear-ports': mappings.rearPortRules,
  },
};
