import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ElevationDevice, RackRow } from './load.ts';
import { deviceName, foregroundColor, renderElevationSvg, truncateText, unitRanges } from './svg.ts';
import { escapeAttribute, escapeText } from './xml.ts';

const rack: RackRow = { id: 7, name: 'R7', uHeight: 3, startingUnit: 1, descUnits: false, siteId: 1, locationId: 2 };
const device = (over: Partial<ElevationDevice> = {}): ElevationDevice => ({
  id: 5, position: 1, height: 1, face: 'front', fullDepth: true, name: 'sw1', label: 'sw1', model: 'M1', manufacturer: 'Acme', roleName: 'Core', roleColor: 'aa1409',
  status: 'Active', assetTag: null, serial: '', description: '', deviceBayCount: 0, childCount: 0, frontImage: null, rearImage: null, ...over,
});
const options = { face: 'front' as const, unitWidth: 220, unitHeight: 22, legendWidth: 30, marginWidth: 15, includeImages: true, baseUrl: 'http://nb' };

describe('the rack elevation drawing', () => {
  it('escapes text and attributes, and replaces characters XML cannot hold', () => {
    expect(escapeText(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeAttribute('a\nb\u0001\uD800')).toBe('a&#10;b\uFFFD\uFFFD');
    const svg = renderElevationSvg(rack, [device({ name: 'x\u0000y]]>', label: 'x\u0000y]]>' })], [{ id: 1, units: [2], description: '\u001b</title>' }], new Set([5]), options);
    expect(XMLValidator.validate(svg)).toBe(true);
  });

  it('names devices as NetBox does, truncated to the block, in a readable colour', () => {
    expect(deviceName(device({ label: null, deviceBayCount: 4, childCount: 1 }))).toBe('M1 (1/4)');
    expect(truncateText('a'.repeat(30), 220)).toBe('a'.repeat(24) + '...');
    expect(truncateText('short', 220)).toBe('short');
    expect([foregroundColor('ffffff'), foregroundColor('000000'), foregroundColor('aa1409')]).toEqual(['000000', 'ffffff', 'ffffff']);
    expect(unitRanges([5, 1, 2, 3, 3, 9])).toEqual([[1, 3], [5, 5], [9, 9]]);
  });

  it('embeds the type’s images when asked, under the name', () => {
    const images = device({ frontImage: 'devicetype-images/front.png', rearImage: '/media/rear.png' });
    const front = renderElevationSvg(rack, [images], [], new Set([5]), options);
    expect(front).toContain('<image class="device-image" height="22" preserveAspectRatio="xMidYMid slice" width="220" x="32" y="46" xlink:href="http://nb/media/devicetype-images/front.png" />');
    expect(front).toContain('stroke="black" stroke-linejoin="round" stroke-width="0.2em"');
    expect(renderElevationSvg(rack, [images], [], new Set([5]), { ...options, face: 'rear' })).toContain('xlink:href="http://nb/media/rear.png"');
    expect(renderElevationSvg(rack, [images], [], new Set([5]), { ...options, includeImages: false })).not.toContain('<image');
  });

  it('lays out descending racks from the top, takes 0 as the default size, and draws hidden devices as blocked', () => {
    const svg = renderElevationSvg({ ...rack, descUnits: true, startingUnit: 10 }, [device({ position: 11 })], [], new Set(), { ...options, unitWidth: 0, unitHeight: 0 });
    expect(svg).toMatch(/^<svg baseProfile="full" height="70" version="1.1" width="269" /);
    expect(svg).toContain('<rect class="blocked" height="22" width="220" x="32" y="24" />');
    expect([...svg.matchAll(/<text class="unit"[^>]*>(\d+)</g)].map((m) => m[1])).toEqual(['10', '11', '12']);
  });
});
