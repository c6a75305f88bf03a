import { describe, expect, it } from 'vitest';
import { actionBaseName, limitName, MAX_TOOL_NAME, pathSegments, slug, splitTag, tagToolName, uniqueName } from './naming.ts';
import { isDestructiveOperation, isReadOnlyOperation } from './readOnly.ts';

describe('tool and action names', () => {
  it('slugs tags the way tool names need them', () => {
    expect(slug('Feature Profile (SDWAN)')).toBe('feature_profile_sdwan');
    expect(slug('Real-Time Monitoring')).toBe('real_time_monitoring');
    expect(slug('  --  ')).toBe('');
  });

  it('splits "Section - Subtag" tags and names tools <area>_<topic>', () => {
    expect(splitTag('Monitoring - BFD')).toEqual({ section: 'Monitoring', subtag: 'BFD' });
    expect(splitTag('Untagged')).toEqual({ section: 'Untagged', subtag: 'Untagged' });
    expect(tagToolName('Monitoring - BFD')).toBe('monitoring_bfd');
    expect(tagToolName('Real-Time Monitoring - BFD')).toBe('real_time_monitoring_bfd');
    expect(tagToolName('Monitoring - Monitoring')).toBe('monitoring');
    expect(tagToolName('Untagged')).toBe('untagged');
  });

  it('names actions from method, subtag and the last named path segment', () => {
    expect(actionBaseName('POST', '/statistics/bfd/doccount', 'Monitoring - BFD')).toBe('post_bfd_doccount');
    expect(actionBaseName('GET', '/statistics/bfd', 'Monitoring - BFD')).toBe('get_bfd');
    expect(actionBaseName('GET', '/devices/{deviceId}/info', 'Monitoring - Device Details')).toBe('get_device_details_info');
    expect(actionBaseName('PUT', '/template/policy/list/site/{id}', 'Configuration - Policy Site List Builder')).toBe('put_policy_site_list_builder_site');
    expect(actionBaseName('GET', '/', 'Misc')).toBe('get_misc_root');
    expect(pathSegments('/dataservice/device/{id}/bfd')).toEqual(['device', 'bfd']);
  });

  it('keeps names within 64 characters, distinct and stable', () => {
    const long = 'configuration_policy_data_prefix_and_fqdn_all_types_of_lists_builder';
    const short = limitName(long);
    expect(short.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
    expect(short).toBe(limitName(long));
    expect(short.startsWith('configuration_policy_data_prefix')).toBe(true);
    expect(limitName(`${long}_x`)).not.toBe(short);
    const used = new Set<string>();
    const names = [uniqueName(short, used, MAX_TOOL_NAME), uniqueName(short, used, MAX_TOOL_NAME), uniqueName(short, used, MAX_TOOL_NAME)];
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
    expect(names[1].endsWith('_2')).toBe(true);
  });
});

describe('read-only classification', () => {
  it('admits GET and statistics queries sent as POST, nothing else', () => {
    expect(isReadOnlyOperation('GET', '/admin/user', 'findUsers')).toBe(true);
    expect(isReadOnlyOperation('POST', '/statistics/bfd/doccount', 'getCountPost_6')).toBe(true);
    expect(isReadOnlyOperation('POST', '/statistics/bfd/aggregation', 'someName')).toBe(true);
    expect(isReadOnlyOperation('POST', '/statistics/bfd', 'getStatsRawData_4')).toBe(true);
    expect(isReadOnlyOperation('POST', '/statistics/bfd', 'createAggregation')).toBe(false);
    expect(isReadOnlyOperation('POST', '/statistics/settings/disable/devicelist/bfd', 'setDynamicCollection')).toBe(false);
    expect(isReadOnlyOperation('POST', '/statistics/download/bfd', 'downloadList')).toBe(false);
    expect(isReadOnlyOperation('POST', '/admin/user', 'getUsersPost')).toBe(false);
    expect(isReadOnlyOperation('PUT', '/statistics/bfd', 'getX')).toBe(false);
    expect(isReadOnlyOperation('DELETE', '/statistics/bfd', 'getX')).toBe(false);
  });

  it('marks deletes, replacements and destructive POSTs as destructive', () => {
    expect(isDestructiveOperation('DELETE', 'x')).toBe(true);
    expect(isDestructiveOperation('PUT', 'editPolicyList')).toBe(true);
    expect(isDestructiveOperation('POST', 'rebootDevice')).toBe(true);
    expect(isDestructiveOperation('POST', 'createPolicyList')).toBe(false);
  });
});
