/**
 * @module
 * Tunnels: the interface a tunnel termination names, by kind (the hop of its `interface` and
 * `vminterface` filters), and the rule of one tunnel per interface.
 */
import type { AppRules } from '../../appRules.ts';
import { assignedOf } from '../shared/assigned.ts';
import { tunnelTerminationRules } from './terminationRules.ts';

export const tunnels: AppRules = {
  expressions: {
    tunnel_termination_interface: assignedOf('vpn.tunnel-terminations', 'termination', 'dcim.interfaces'),
    tunnel_termination_vm_interface: assignedOf('vpn.tunnel-terminations', 'termination', 'virtualization.interfaces'),
  },
  rules: { 'vpn.tunnel-terminations': tunnelTerminationRules },
};
