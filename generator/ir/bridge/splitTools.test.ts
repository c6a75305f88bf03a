import { describe, expect, it } from 'vitest';
import { compareOperations } from './operations.ts';
import { buildToolSet, MIN_BUCKET } from './splitTools.ts';
import type { BridgeOperationIR, HttpMethod } from './types.ts';

function op(method: HttpMethod, path: string, tag = 'Configuration - Feature Profile (SDWAN)', readOnly = method === 'GET'): BridgeOperationIR {
  return { operationId: `${method}${path}`, method, path, tag, summary: '', deprecated: false, readOnly, params: [], body: null, action: `${method.toLowerCase()}_${path.replace(/\W+/g, '_')}`, source: 'x.yaml' };
}

/** A tag shaped like the vendor's big feature-profile tags: several sub-trees of different sizes. */
function bigTag(): BridgeOperationIR[] {
  const ops: BridgeOperationIR[] = [];
  const add = (area: string, n: number) => {
    for (let i = 0; i < n; i++) ops.push(op(i % 2 ? 'GET' : 'POST', `/v1/feature-profile/sdwan/${area}/{id}/item${i}`));
  };
  add('system', 60);
  add('transport', 70);
  add('service', 45);
  add('cli', 2);
  add('other', 3);
  ops.push(op('GET', '/v1/feature-profile/sdwan'));
  return ops.sort(compareOperations);
}

describe('splitting tools by path', () => {
  it('keeps every tool at or under the cap and reaches every operation exactly once', () => {
    const ops = bigTag();
    const set = buildToolSet(ops, () => true, 50);
    expect(Math.max(...set.tools.map((t) => t.actions.length))).toBeLessThanOrEqual(50);
    const reached = set.tools.flatMap((t) => t.actions.map((a) => a.operation)).sort((a, b) => a - b);
    expect(reached).toEqual(ops.map((_, i) => i));
    expect(set.operationCount).toBe(ops.length);
  });

  it('names parts after the first path segment they do not share, pooling small ones in _misc', () => {
    const set = buildToolSet(bigTag(), () => true, 100);
    const names = set.tools.map((t) => `${t.name}:${t.actions.length}`);
    expect(names).toEqual([
      'configuration_feature_profile_sdwan_misc:6',
      'configuration_feature_profile_sdwan_service:45',
      'configuration_feature_profile_sdwan_system:60',
      'configuration_feature_profile_sdwan_transport:70',
    ]);
    expect(MIN_BUCKET).toBe(4);
    expect(set.tools.find((t) => t.name.endsWith('_system'))!.title).toBe('Configuration / Feature Profile (SDWAN) / system');
  });

  it('goes a segment deeper, then cuts equal parts, when a bucket is still too big', () => {
    const set = buildToolSet(bigTag(), () => true, 30);
    for (const t of set.tools) expect(t.actions.length).toBeLessThanOrEqual(30);
    // /system/{id}/itemN all differ at the last segment: 60 → two parts of 30 via a deeper split's pooling.
    expect(set.tools.some((t) => /_system_/.test(t.name))).toBe(true);
    const identical = Array.from({ length: 7 }, (_, i) => op('GET', `/same/path/{p${i}}`, 'Monitoring - Same'));
    const parts = buildToolSet(identical, () => true, 3);
    expect(parts.tools.map((t) => `${t.name}:${t.actions.length}`)).toEqual(['monitoring_same_part1:3', 'monitoring_same_part2:2', 'monitoring_same_part3:2']);
  });

  it('does not split with cap 0, and names tools one per tag', () => {
    const ops = [...bigTag(), op('GET', '/statistics/bfd', 'Monitoring - BFD')].sort(compareOperations);
    const set = buildToolSet(ops, () => true, 0);
    expect(set.tools.map((t) => [t.name, t.actions.length])).toEqual([
      ['configuration_feature_profile_sdwan', 181],
      ['monitoring_bfd', 1],
    ]);
  });

  it('gives the same tools whatever order the operations came in', () => {
    const ops = bigTag();
    const shuffled = [...ops].reverse().sort(compareOperations);
    expect(JSON.stringify(buildToolSet(shuffled, () => true, 40))).toBe(JSON.stringify(buildToolSet(ops, () => true, 40)));
  });

  it('sets annotations from the methods of the actions', () => {
    const ops = [op('GET', '/a', 'T - A'), op('DELETE', '/a/{id}', 'T - B'), op('PUT', '/b/{id}', 'T - C'), op('POST', '/c', 'T - D')].sort(compareOperations);
    const byName = Object.fromEntries(buildToolSet(ops, () => true, 150).tools.map((t) => [t.name, t.annotations]));
    expect(byName.t_a).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(byName.t_b).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.t_c).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.t_d).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
  });
});
