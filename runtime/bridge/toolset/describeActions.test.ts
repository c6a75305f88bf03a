import { describe, expect, it } from 'vitest';
import type { TableOperation } from '../../contract/toolTable.ts';
import { syntheticToolTable } from '../../testing/bridge.ts';
import { actionDetails, limitedDescription, paramsSchema } from './describeActions.ts';

const table = syntheticToolTable();
const op = (action: string) => table.operations.find((o) => o.action === action)!;

describe('describing actions', () => {
  it('gives the JSON Schema of params: path, query and header parameters and body fields at the top level', () => {
    const withAll: TableOperation = {
      ...op('post_feature_profile_sdwan'),
      path: '/v1/feature-profile/sdwan/{profileId}',
      params: [
        { name: 'profileId', in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: 'Profile id' },
        { name: 'ids', in: 'query', required: false, type: 'array', items: 'integer', enum: null, default: null, description: '' },
        { name: 'state', in: 'query', required: false, type: 'string', items: null, enum: ['up', 'down'], default: 'up', description: '' },
      ],
    };
    expect(paramsSchema(withAll)).toEqual({
      type: 'object',
      properties: {
        profileId: { type: 'string', description: 'path parameter: Profile id' },
        ids: { type: 'array', items: { type: 'integer' }, description: 'query parameter' },
        state: { type: 'string', enum: ['up', 'down'], default: 'up', description: 'query parameter' },
        name: { type: 'string', description: 'request body field: Profile name' },
      },
      required: ['profileId', 'name'],
      additionalProperties: true,
    });
    expect(paramsSchema(op('get_bfd'))).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    const arrayBody = { ...op('post_feature_profile_sdwan'), body: { contentType: 'application/json', required: true, shape: 'array' as const, fields: [] } };
    expect(paramsSchema(arrayBody)).toMatchObject({ properties: { body: { type: 'array' } }, required: ['body'], additionalProperties: false });
    const query = { query: { condition: 'AND', rules: [{ field: 'entry_time', type: 'date', value: ['10'], operator: 'last_n_hours' }] } };
    const statistics = { ...op('post_bfd_doccount'), body: { contentType: 'application/json', required: false, shape: 'object' as const, fields: [], example: query } };
    expect(actionDetails('monitoring_bfd', 'post_bfd_doccount', statistics)).toMatchObject({ body_example: query, query_syntax: expect.stringMatching(/operators: in, equal, greater, less, between, last_n_hours/) });
    expect(actionDetails('monitoring_device_details', 'get_device_details_info', op('get_device_details_info'))).not.toHaveProperty('query_syntax');
    expect(actionDetails('monitoring_device_details', 'get_device_details_info', op('get_device_details_info'))).toMatchObject({
      method: 'GET',
      path: '/device/{deviceId}/info',
      read_only: true,
      body_content_type: null,
      params: { required: ['deviceId'] },
    });
  });

  it('cuts a tool description to the limit, listing the actions that fit and pointing to the full text', () => {
    const short = table.modes['read-write'].find((t) => t.name === 'monitoring_device_details')!;
    expect(limitedDescription(short, 'read-write', short.description.length)).toBe(short.description);
    const tool = { ...short, description: `${short.description}\n${'More text. '.repeat(100)}` };
    const at = (max: number) => limitedDescription(tool, 'read-write', max);
    for (const max of [100, 160, 200, 260]) {
      expect(at(max).length, String(max)).toBeLessThanOrEqual(max);
      if (max >= 160) expect(at(max)).toContain('Parameters and full text: sdwan_describe {"tool": "monitoring_device_details", "action": <name>}.');
    }
    expect(at(160)).toBe('Monitoring / Device Details: 2 actions (read-write). Parameters and full text: sdwan_describe {"tool": "monitoring_device_details", "action": <name>}.');
    expect(at(100)).toMatch(/^M… Parameters and full text/);
    expect(at(200)).not.toContain('Actions:');
    expect(at(210)).toMatch(/<name>}\. Actions: get_device_details_device: List devices; … 1 more\.$/);
    expect(at(300)).toMatch(/<name>}\. Actions: get_device_details_device: List devices; get_device_details_info: Details of one device by system IP\.$/);
  });
});
