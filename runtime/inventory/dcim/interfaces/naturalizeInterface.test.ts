/** NetBox's interface name ordering, checked against the orders NetBox's own tests expect. */
import { describe, expect, it } from 'vitest';
import { naturalizeInterface } from './naturalizeInterface.ts';

const sorted = (names: string[]) => [...names].sort((a, b) => {
  const [x, y] = [naturalizeInterface(a)!, naturalizeInterface(b)!];
  return x < y ? -1 : x > y ? 1 : 0;
});

describe('naturalizeInterface', () => {
  it('pads slots to four digits and the id, channel and unit to six', () => {
    expect(naturalizeInterface('GigabitEthernet1/0/12.100')).toBe('000100009999' + '9999GigabitEthernet' + '000012......000100');
    expect(naturalizeInterface('eth1')).toBe('9999999999999999eth000001............');
    expect(naturalizeInterface('xe-0/0/1:2')).toBe('0000000099999999xe-000001000002......');
  });

  it('orders names naturally: eth2 before eth10, sub-interfaces after their parent', () => {
    expect(sorted(['eth10', 'eth2', 'eth1', 'eth1.100', 'eth1.20'])).toEqual(['eth1', 'eth1.20', 'eth1.100', 'eth2', 'eth10']);
    expect(sorted(['Gi1/0/10', 'Gi1/0/2', 'Gi2/0/1', 'Gi1/0/1'])).toEqual(['Gi1/0/1', 'Gi1/0/2', 'Gi1/0/10', 'Gi2/0/1']);
  });

  it('keeps null, naturalizes a trailing remainder and cuts at the maximum length', () => {
    expect(naturalizeInterface(null)).toBeNull();
    expect(naturalizeInterface('mgmt')).toBe('9999999999999999mgmt..................');
    expect(naturalizeInterface('eth1-vlan5')).toBe('9999999999999999eth000001............-vlan00000005');
    expect(naturalizeInterface('x'.repeat(200))!.length).toBe(100);
  });
});
