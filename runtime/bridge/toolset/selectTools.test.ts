import { describe, expect, it } from 'vitest';
import { syntheticToolTable } from '../../testing/bridge.ts';
import { selectTools } from './selectTools.ts';

const tools = syntheticToolTable().modes['read-write'];
const names = (list: { name: string }[]) => list.map((t) => t.name);
const none = { include: [], exclude: [], maxTools: 0, reserved: 0 };

describe('selecting a tool set', () => {
  it('serves every tool in table order by default', () => {
    const s = selectTools(tools, none);
    expect(names(s.catalogue)).toEqual(names(tools));
    expect(names(s.listed)).toEqual(names(tools));
    expect(s.dropped).toEqual([]);
    expect(s.unmatched).toEqual([]);
  });

  it('keeps included tools, removes excluded ones, and reports patterns that match nothing', () => {
    const s = selectTools(tools, { ...none, include: ['monitoring', 'configuration/*', 'nothing_here'], exclude: ['*/feature_profile', 'monitoring/bfd', 'typo*'] });
    expect(names(s.catalogue)).toEqual(['monitoring_device_details']);
    expect(s.unmatched).toEqual([
      { key: 'include', pattern: 'nothing_here' },
      { key: 'exclude', pattern: 'typo*' },
    ]);
    expect(names(selectTools(tools, { ...none, exclude: ['configuration_feature_profile_mobility'] }).catalogue)).not.toContain('configuration_feature_profile_mobility');
  });

  it('caps the listed tools by include rank, then table order, and drops the rest in that order', () => {
    const s = selectTools(tools, { ...none, include: ['troubleshooting*', 'monitoring', 'configuration'], maxTools: 4, reserved: 1 });
    expect(names(s.listed)).toEqual(['troubleshooting_tools_diagnostics', 'monitoring_bfd', 'monitoring_device_details']);
    expect(names(s.dropped)).toEqual(['configuration_feature_profile_mobility', 'configuration_feature_profile_sdwan']);
    // The catalogue keeps the dropped tools (hybrid mode still calls them) and the table's order.
    expect(names(s.catalogue)).toEqual(['configuration_feature_profile_mobility', 'configuration_feature_profile_sdwan', 'monitoring_bfd', 'monitoring_device_details', 'troubleshooting_tools_diagnostics']);
    const noInclude = selectTools(tools, { ...none, maxTools: 2 });
    expect(names(noInclude.listed)).toEqual(names(tools).slice(0, 2));
    expect(names(noInclude.dropped)).toEqual(names(tools).slice(2));
  });
});
