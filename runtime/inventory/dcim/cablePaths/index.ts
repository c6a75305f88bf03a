/**
 * @module
 * Cable paths (NetBox's CablePath): stored in `dcim_cablepath` and each path endpoint's
 * `_path_id`, traced again within every write that changes what they cross (maintenance.ts,
 * store.ts, tracer.ts, sqlGraph.ts), and read by the path endpoints' `connected_endpoints*`
 * fields and `connected` filter (connectedSql.ts), `trace/` (trace.ts), `paths/` (paths.ts) and
 * `dcim/connected-device/` (connectedDevice.ts).
 *
 * Its rules run after every app's own (registered last in runtime/inventory/index.ts): a cable's
 * terminations, a wireless link's interfaces are written by those before paths are traced.
 */
import type { AppRules } from '../../appRules.ts';
import { connectedDevice } from './connectedDevice.ts';
import * as connected from './connectedSql.ts';
import { pathRules } from './maintenance.ts';
import { cablePaths as paths } from './paths.ts';
import { cableTrace } from './trace.ts';

export { traceMissingPaths } from './store.ts';

export const cablePaths: AppRules = {
  expressions: {
    path_connected_endpoints: connected.connectedEndpoints,
    path_connected_endpoints_type: connected.connectedEndpointsType,
    path_connected_endpoints_reachable: connected.connectedEndpointsReachable,
  },
  methods: { path_connected: connected.connectedFilter },
  operations: { 'cable-trace': cableTrace, 'cable-paths': paths, 'connected-device': connectedDevice },
  rules: pathRules,
};
