/**
 * naturalizeInterface: the values NetBox's naturalize_interface() gives (its own test cases), and
 * the order they put interface names in.
 */
import { describe, expect, it } from 'vitest';
import { naturalizeInterface } from './interfaceNames.ts';

describe('naturalizeInterface', () => {
  it('pads slots and positions to four digits, ids, channels and units to six', () => {
    const cases: [string, string][] = [
      ['Gi', '9999999999999999Gi..................'],
      ['Gi1', '9999999999999999Gi000001............'],
      ['Gi1.0', '9999999999999999Gi000001......000000'],
      ['Gi1.1', '9999999999999999Gi000001......000001'],
      ['Gi1:0', '9999999999999999Gi000001000000......'],
      ['Gi1:0.0', '9999999999999999Gi000001000000000000'],
      ['Gi1/2', '0001999999999999Gi000002............'],
      ['Gi1/2/3', '0001000299999999Gi000003............'],
      ['Gi1/2/3/4', '0001000200039999Gi000004............'],
      ['Gi1/2/3/4/5', '0001000200030004Gi000005............'],
      ['Gi1/2/3/4/5:6', '0001000200030004Gi000005000006......'],
      ['Gi1/2/3/4/5:6.7', '0001000200030004Gi000005000006000007'],
      ['Interface 1', '9999999999999999Interface 000001............'],
      ['Interface 1 (other)', '9999999999999999Interface 000001............ (other)'],
      ['Interface 99', '9999999999999999Interface 000099............'],
      ['PCIe1-p1', '9999999999999999PCIe000001............-p00000001'],
      ['PCIe1-p99', '9999999999999999PCIe000001............-p00000099'],
    ];
    for (const [name, naturalized] of cases) expect([name, naturalizeInterface(name)]).toEqual([name, naturalized]);
  });

  it('cuts the value at the maximum length', () => {
    expect(naturalizeInterface('Gi1/2/3', 25)).toBe('0001000299999999Gi000003.');
  });

  it('orders interface names naturally', () => {
    const names = ['eth10', 'eth2', 'eth1.100', 'eth1', 'Gi1/0/10', 'Gi1/0/2', 'lo'];
    const sorted = [...names].sort((a, b) => (naturalizeInterface(a) < naturalizeInterface(b) ? -1 : 1));
    expect(sorted).toEqual(['Gi1/0/2', 'Gi1/0/10', 'eth1', 'eth1.100', 'eth2', 'eth10', 'lo']);
  });
});
