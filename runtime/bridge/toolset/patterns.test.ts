import { describe, expect, it } from 'vitest';
import { matchesPattern, normalizePattern, parsePattern } from './patterns.ts';

const bfd = { name: 'monitoring_bfd', area: 'monitoring', topic: 'bfd' };
const rtBfd = { name: 'real_time_monitoring_bfd', area: 'real_time_monitoring', topic: 'bfd' };
const sdwanPart = { name: 'configuration_feature_profile_sdwan', area: 'configuration', topic: 'feature_profile' };

describe('tool patterns', () => {
  it('match an area, an area/topic, or a whole tool name, with * and ?', () => {
    const match = (p: string, t: typeof bfd) => matchesPattern(parsePattern(p), t);
    expect(match('monitoring', bfd)).toBe(true);
    expect(match('monitoring', rtBfd)).toBe(false);
    expect(match('*monitoring', rtBfd)).toBe(true);
    expect(match('monitoring/bfd', bfd)).toBe(true);
    expect(match('monitoring/bf', bfd)).toBe(false);
    expect(match('*/bfd', rtBfd)).toBe(true);
    expect(match('monitoring/b?d', bfd)).toBe(true);
    expect(match('configuration/feature_*', sdwanPart)).toBe(true);
    expect(match('configuration_feature_profile_sdwan', sdwanPart)).toBe(true);
    expect(match('configuration_feature_profile_mob*', sdwanPart)).toBe(false);
    expect(match('MONITORING/BFD', bfd)).toBe(true);
  });

  it('accept only names, globs and one slash', () => {
    expect(normalizePattern(' Monitoring/BFD ')).toBe('monitoring/bfd');
    for (const bad of ['monitoring bfd', 'a/b/c', '', '/bfd', 'monitoring/', 'mon[it]', 'Monitoring - BFD']) expect(normalizePattern(bad), bad).toBeNull();
    expect(() => parsePattern('a b')).toThrow(/not a tool pattern/);
  });
});
