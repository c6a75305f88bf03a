/**
 * @module
 * dcim device components — console, console server, power and pass-through ports and power
 * outlets: what the cabled components share (SQL expressions and method filters) and each
 * model's rules.
 */
import type { AppRules } from '../../appRules.ts';
import * as cabled from './cabled.ts';
import { componentRules } from './componentRules.ts';
import * as mappings from './portMappings.ts';
import { powerOutletRules, powerPortRules } from './powerRules.ts';

export const components: AppRules = {
  expressions: {
    cabled_link_peers: cabled.linkPeers,
    cabled_link_peers_type: cabled.linkPeersType,
    cabled_connected_endpoints: cabled.connectedEndpoints,
    cabled_connected_endpoints_reachable: cabled.connectedEndpointsReachable,
    cabled_occupied: cabled.occupied,
    front_port_rear_ports: mappings.frontRearPorts,
    rear_port_front_ports: mappings.rearFrontPorts,
  },
  methods: {
    cabled_cabled: cabled.cabledFilter,
    cabled_occupied: cabled.occupiedFilter,
    cabled_connected: cabled.connectedFilter,
    front_port_rear_port_id: mappings.rearPortIdFilter,
    rear_port_front_port_id: mappings.frontPortIdFilter,
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
