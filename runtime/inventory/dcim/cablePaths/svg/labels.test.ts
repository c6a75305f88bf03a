import { describe, expect, it } from 'vitest';
import { linkColor, linkDescription, linkLabels, objectColor, objectLabels } from './labels.ts';
import type { CableLink, DeviceObject, Termination, WirelessLinkObject } from './types.ts';

const device: DeviceObject = {
  kind: 'device', node: { objectType: 'dcim.device', id: 1 }, name: 'r1', url: '/dcim/devices/1/', roleColor: 'AA1409', manufacturer: 'Acme', model: 'X1',
  site: 'Berlin', location: null, rack: null, face: '', position: null,
};
const cable: CableLink = {
  kind: 'cable', node: { objectType: 'dcim.cable', id: 5 }, name: '#5', url: '/dcim/cables/5/', status: 'Planned', type: '', description: '', color: '',
  length: null, lengthUnit: '', aEnds: [], bEnds: [],
};

describe('what the trace’s boxes and links say', () => {
  it('places a device as NetBox does, with the parts it has', () => {
    expect(objectLabels(device)).toEqual(['r1', 'Acme X1', 'Berlin']);
    expect(objectLabels({ ...device, rack: 'R1 (F-1)', position: 0 })[2]).toBe('Berlin / R1 (F-1)');
    expect(objectLabels({ ...device, location: 'Hall A', rack: 'R1', face: 'Rear', position: 40.5 })[2]).toBe('Berlin / Hall A / R1 / Rear / U40.5');
    expect(objectColor(device)).toBe('AA1409');
    expect(objectColor({ ...device, roleColor: '' })).toBe('e0e0e0');
  });

  it('names circuits, their terminations and provider networks', () => {
    const circuit = { kind: 'circuit' as const, node: { objectType: 'circuits.circuit', id: 2 }, name: 'CID', url: '', type: 'Transit', typeColor: '', provider: 'Level3', description: '' };
    expect(objectLabels(circuit)).toEqual(['Circuit CID', 'Transit', 'Level3']);
    expect(objectLabels({ ...circuit, description: 'backup' })).toEqual(['Circuit CID', 'Transit', 'Level3', 'backup']);
    expect([objectColor(circuit), objectColor({ ...circuit, typeColor: '4caf50' })]).toEqual(['e0e0e0', '4caf50']);
    const ct: Termination = { kind: 'termination', node: { objectType: 'circuits.circuittermination', id: 3 }, name: 'CID: Termination A', url: '', color: '', xconnectId: '', parent: circuit };
    expect(objectLabels(ct)).toEqual(['CID: Termination A']);
    expect(objectLabels({ ...ct, xconnectId: 'XC-1' })).toEqual(['CID: Termination A', 'XC-1']);
    expect([objectColor(ct), objectColor({ ...ct, color: '2196f3' })]).toEqual(['f0f0f0', '2196f3']);
    expect(objectLabels({ kind: 'provider-network', node: { objectType: 'circuits.providernetwork', id: 4 }, name: 'MPLS', url: '', provider: 'Level3' })).toEqual(['MPLS', 'Level3']);
    expect(objectColor({ kind: 'object', node: { objectType: 'dcim.site', id: 4 }, name: 'Berlin', url: '' })).toBe('e0e0e0');
  });

  it('labels a link with its status, a tooltip with what is set, and its colour', () => {
    expect(linkLabels(cable, 1)).toEqual(['Cable #5', 'Planned']);
    expect(linkLabels(cable, 3)).toEqual(['#5']);
    expect(linkDescription(cable)).toEqual(['Link #5', 'Planned']);
    // A length without a unit, or of zero, is left out (NetBox tests both for truth).
    expect(linkDescription({ ...cable, length: 3 })).toEqual(['Link #5', 'Planned']);
    expect(linkDescription({ ...cable, length: 0, lengthUnit: 'Meters' })).toEqual(['Link #5', 'Planned']);
    expect(linkDescription({ ...cable, description: 'd', type: 'CAT6', length: 12, lengthUnit: 'Feet' })).toEqual(['Link #5', 'Planned', 'd', 'CAT6', '12.00 Feet']);
    expect([linkColor(cable), linkColor({ ...cable, color: 'f44336' })]).toEqual(['000000', 'f44336']);
    const wireless: WirelessLinkObject = { kind: 'wireless', node: { objectType: 'wireless.wirelesslink', id: 6 }, name: 'corp', url: '', status: 'Connected', ssid: 'corp', description: '', distance: 2, distanceUnit: 'Miles', aEnds: [], bEnds: [] };
    expect(linkLabels(wireless, 1)).toEqual(['Wireless corp', 'Connected']);
    expect(linkDescription(wireless)).toEqual(['Link corp', 'Connected', 'corp', '2.00 Miles']);
  });
});
