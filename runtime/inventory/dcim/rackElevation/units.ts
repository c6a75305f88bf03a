/**
 * @module
 * A rack's units as NetBox's Rack.units and Rack.get_rack_units() list them, in half units: top
 * to bottom (`U42.5`, `U42`, … `U1`), or bottom to top when the rack numbers its units
 * descending; each with the device mounted there on the face asked for (a full-depth device on
 * both faces). With `expand`, a device fills every unit it takes; without, only its lowest one,
 * which carries its height. A device the caller may not see leaves its units occupied, without
 * the device. At most 200 units (a rack is at most 100U tall), whatever the devices say.
 */
import type { Face } from './params.ts';

export interface RackShape {
  uHeight: number;
  startingUnit: number;
  descUnits: boolean;
}

/** A device mounted in the rack (position and height in units; `face` '' when none). */
export interface MountedDevice {
  id: number;
  position: number;
  height: number;
  face: string;
  fullDepth: boolean;
}

export interface RackUnit<D extends MountedDevice = MountedDevice> {
  /** The unit: 42, 42.5. */
  id: number;
  name: string;
  face: Face;
  device: D | null;
  occupied: boolean;
  /** The device's height, on its lowest unit when devices are not expanded. */
  height?: number;
}

/** The rack's units in half steps, in the order NetBox lists them. */
export function rackUnitNumbers(rack: RackShape): number[] {
  const count = Math.max(0, Math.min(200, Math.round(rack.uHeight * 2)));
  const units: number[] = [];
  for (let i = 0; i < count; i++) units.push(rack.descUnits ? rack.startingUnit + i / 2 : rack.startingUnit + rack.uHeight - 0.5 - i / 2);
  return units;
}

/** `U42`, `U42.5`. */
export const unitName = (unit: number) => `U${unit}`;

/** Whether a device shows on `face`: mounted on it, or full depth. */
export const showsOn = (device: MountedDevice, face: Face) => device.face === face || device.fullDepth;

/**
 * The units with the devices of `devices` that show on `face` (their position and height above
 * 0); `visible(device)` says whether the caller may see it.
 */
export function rackUnits<D extends MountedDevice>(rack: RackShape, devices: readonly D[], face: Face, expand: boolean, visible: (device: D) => boolean): RackUnit<D>[] {
  const units = new Map<number, RackUnit<D>>();
  for (const id of rackUnitNumbers(rack)) units.set(id, { id, name: unitName(id), face, device: null, occupied: false });
  for (const device of devices) {
    if (!(device.position > 0) || !(device.height > 0) || !showsOn(device, face)) continue;
    const shown = visible(device) ? device : null;
    if (expand) {
      // A device taller than the space left in the rack fills what there is.
      for (let u = device.position; u < device.position + device.height && u - device.position < 200; u += 0.5) {
        const unit = units.get(u);
        if (!unit) continue;
        if (shown) unit.device = shown;
        unit.occupied = true;
      }
    } else {
      const unit = units.get(device.position);
      if (!unit) continue;
      if (shown) unit.device = shown;
      unit.occupied = true;
      unit.height = device.height;
    }
  }
  return [...units.values()];
}
