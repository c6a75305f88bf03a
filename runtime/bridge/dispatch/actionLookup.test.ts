import { describe, expect, it } from 'vitest';
import { syntheticToolTable } from '../../testing/bridge.ts';
import { ActionLookup } from './actionLookup.ts';

const table = syntheticToolTable();

function lookup(mode: 'read-only' | 'read-write', leaveOut: string[] = []) {
  return new ActionLookup({ table, mode, tools: table.modes[mode].filter((t) => !leaveOut.includes(t.name)) });
}

const message = (l: ActionLookup, tool: string, action: string) => {
  const r = l.resolve(tool, action);
  return r.ok ? `found ${r.operation.method} ${r.operation.path}` : r.message;
};

describe('finding the operation behind a tool and action', () => {
  it('finds served actions', () => {
    expect(message(lookup('read-only'), 'monitoring_device_details', 'get_device_details_info')).toBe('found GET /device/{deviceId}/info');
  });

  it('says a mutating action needs --read-write, naming the config key and its read-write tool', () => {
    expect(message(lookup('read-only'), 'configuration_feature_profile_sdwan', 'post_feature_profile_sdwan')).toBe(
      "Action 'post_feature_profile_sdwan' (POST /v1/feature-profile/sdwan) changes the controller, and this bridge runs read-only: restart the bridge with --read-write (config sdwan.read_write: true, env BRIDGE_READ_WRITE=1) to call it.",
    );
    expect(lookup('read-only').toolProblem('administration_user')).toBe(
      "Tool 'administration_user' has only actions that change the controller, and this bridge runs read-only: restart the bridge with --read-write (config sdwan.read_write: true, env BRIDGE_READ_WRITE=1) to use it.",
    );
    expect(message(lookup('read-write'), 'configuration_feature_profile_sdwan', 'post_feature_profile_sdwan')).toBe('found POST /v1/feature-profile/sdwan');
  });

  it('points to the part of a split tag that holds the action', () => {
    expect(message(lookup('read-only'), 'configuration_feature_profile_sdwan', 'get_feature_profile_mobility')).toBe(
      "Action 'get_feature_profile_mobility' (GET /v1/feature-profile/mobility) belongs to tool 'configuration_feature_profile_mobility', another part of Configuration / Feature Profile.",
    );
    expect(message(lookup('read-only', ['configuration_feature_profile_mobility']), 'configuration_feature_profile_sdwan', 'get_feature_profile_mobility')).toMatch(
      /belongs to tool 'configuration_feature_profile_mobility', another part of Configuration \/ Feature Profile, which this tool set leaves out\.$/,
    );
  });

  it('tells a left-out tool from an unknown one, and lists valid actions', () => {
    const l = lookup('read-only', ['monitoring_bfd']);
    expect(l.toolProblem('monitoring_bfd')).toBe("Tool 'monitoring_bfd' is not part of this bridge's tool set (sdwan.tools.include / sdwan.tools.exclude leave it out).");
    expect(l.toolProblem('nope')).toMatch(/^Unknown tool 'nope'\./);
    expect(message(l, 'monitoring_device_details', 'reboot')).toBe("Unknown action 'reboot' for tool 'monitoring_device_details'. Valid actions: get_device_details_device, get_device_details_info.");
  });
});
