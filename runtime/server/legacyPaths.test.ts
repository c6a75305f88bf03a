import { describe, expect, it } from 'vitest';
import { movedUrl } from './legacyPaths.ts';

describe('movedUrl', () => {
  it('maps the former ipam paths of L2VPNs to vpn, keeping ids and queries', () => {
    expect(movedUrl('http://h/api/ipam/l2vpns/?name=A')).toBe('http://h/api/vpn/l2vpns/?name=A');
    expect(movedUrl('http://h/api/ipam/l2vpn-terminations/7/')).toBe('http://h/api/vpn/l2vpn-terminations/7/');
  });
  it('leaves every other path alone', () => {
    expect(movedUrl('http://h/api/ipam/vlans/')).toBeNull();
    expect(movedUrl('http://h/api/vpn/l2vpns/')).toBeNull();
  });
});
