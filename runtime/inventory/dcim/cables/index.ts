/**
 * @module
 * dcim cables, their terminations and bundles: displays and termination lists (SQL
 * expressions), method filters and the rules that keep termination rows and the terminated
 * objects' cable fields in step with each cable (the paths through them: ../cablePaths/).
 */
import type { AppRules } from '../../appRules.ts';
import { cableRules } from './cableRules.ts';
import * as e from './expressions.ts';
import * as f from './filters.ts';

export const cables: AppRules = {
  expressions: {
    cable: e.cableDisplay,
    cable_a_terminations: e.aTerminations,
    cable_b_terminations: e.bTerminations,
    cable_termination: e.terminationDisplay,
  },
  methods: {
    cable_termination_a_id: f.terminationA,
    cable_termination_b_id: f.terminationB,
    cable_unterminated: f.unterminated,
    cable_device: f.device,
    cable_device_id: f.deviceId,
    cable_rack: f.rack,
    cable_rack_id: f.rackId,
    cable_location: f.location,
    cable_location_id: f.locationId,
    cable_site: f.site,
    cable_site_id: f.siteId,
    cable_interface_id: f.cableInterface,
    termination_interface_id: f.terminationInterface,
  },
  rules: {
    'dcim.cables': cableRules,
  },
};
