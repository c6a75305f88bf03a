import { describe, expect, it } from 'vitest';
import { rackUnitNumbers, rackUnits, type MountedDevice } from './units.ts';

const rack = { uHeight: 4, startingUnit: 1, descUnits: false };
const device = (id: number, position: number, height: number, face = 'front', fullDepth = false): MountedDevice => ({ id, position, height, face, fullDepth });

describe('rack units (Rack.units, get_rack_units)', () => {
  it('counts half units top first, or bottom first for descending racks, from the starting unit', () => {
    expect(rackUnitNumbers(rack)).toEqual([4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1]);
    expect(rackUnitNumbers({ uHeight: 2, startingUnit: 10, descUnits: true })).toEqual([10, 10.5, 11, 11.5]);
    // A rack is at most 100U: never more than 200 units, whatever is stored.
    expect(rackUnitNumbers({ uHeight: 1e9, startingUnit: 1, descUnits: false })).toHaveLength(200);
  });

  it('fills the units of a device on its face or full depth, and only its lowest one unexpanded', () => {
    const devices = [device(1, 1, 2), device(2, 3.5, 0.5, 'rear'), device(3, 4, 1, 'rear', true)];
    const front = rackUnits(rack, devices, 'front', true, () => true);
    expect(front.map((u) => u.device?.id ?? null)).toEqual([3, 3, null, null, 1, 1, 1, 1]);
    expect(front.find((u) => u.id === 2)).toMatchObject({ name: 'U2', occupied: true });
    const compact = rackUnits(rack, devices, 'rear', false, () => true);
    expect(compact.filter((u) => u.occupied).map((u) => [u.name, u.device!.id, u.height])).toEqual([['U4', 3, 1], ['U3.5', 2, 0.5]]);
  });

  it('leaves a hidden device’s units occupied without it, and ignores units outside the rack', () => {
    const units = rackUnits(rack, [device(1, 4, 3), device(2, 0, 1)], 'front', true, () => false);
    expect(units.filter((u) => u.occupied).map((u) => u.name)).toEqual(['U4.5', 'U4']);
    expect(units.every((u) => u.device === null)).toBe(true);
  });
});
