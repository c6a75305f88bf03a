/**
 * @module
 * dcim power panels and power feeds: a feed's cable and path fields (SQL expressions), its
 * method filters, the cables' and terminations' `powerfeed_id`, and the models' rules.
 */
import type { AppRules } from '../../appRules.ts';
import { cabledExpressions, cabledFilters } from './cabledEndpoint.ts';
import { powerFeedRules, powerPanelRules } from './powerRules.ts';
import { cablePowerFeed, terminationPowerFeed } from './terminationFilters.ts';

const feed = cabledExpressions('dcim.power-feeds');
const feedFilters = cabledFilters('dcim.power-feeds');

export const power: AppRules = {
  expressions: {
    power_feed_link_peers: feed.linkPeers,
    power_feed_link_peers_type: feed.linkPeersType,
    power_feed_connected_endpoints: feed.connectedEndpoints,
    power_feed_connected_endpoints_type: feed.connectedEndpointsType,
    power_feed_connected_endpoints_reachable: feed.connectedEndpointsReachable,
    power_feed_occupied: feed.occupied,
  },
  methods: {
    power_feed_cabled: feedFilters.cabled,
    power_feed_connected: feedFilters.connected,
    power_feed_occupied: feedFilters.occupied,
    cable_powerfeed_id: cablePowerFeed,
    termination_powerfeed_id: terminationPowerFeed,
  },
  rules: {
    'dcim.power-panels': powerPanelRules,
    'dcim.power-feeds': powerFeedRules,
  },
};
