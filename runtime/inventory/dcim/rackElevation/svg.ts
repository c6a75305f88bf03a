/**
 * @module
 * A rack elevation drawn as NetBox's RackElevationSVG draws it: the unit numbers down the left
 * (the legend), an "add device" slot per unit, the reservations as striped bars in the right-hand
 * margin, the devices of the face (in their role's colour, named by label or type, a device's
 * bays as `(installed/bays)`; from behind, a full-depth device of the other face striped and
 * uncoloured; a device the caller may not see as a blocked block), the type's front or rear image
 * over a device when `include_images`, and the rack's frame. Each device and reservation links to
 * its page, with a title describing it; when some devices are highlighted, the others are shaded.
 * Every user-chosen string is XML-escaped (xml.ts).
 * The work is bounded by the rack's height (at most 100U) and its devices and reservations.
 */
import type { ElevationDevice, RackRow, Reservation } from './load.ts';
import type { Face } from './params.ts';
import { DEFAULTS } from './params.ts';
import { baseDefinitions } from './style.ts';
import { rackUnits } from './units.ts';
import { element, textElement } from './xml.ts';

/** NetBox's RACK_ELEVATION_BORDER_WIDTH. */
const BORDER = 2;
const STROKE_RESERVED = '#4d4dff';

export interface DrawingOptions {
  face: Face;
  unitWidth: number;
  unitHeight: number;
  legendWidth: number;
  marginWidth: number;
  includeImages: boolean;
  /** The server's origin (`http://host:8000`), before every link and image path. */
  baseUrl: string;
  /** Devices to highlight: when some are, the others are shaded. */
  highlighted?: ReadonlySet<number>;
}

/** The text colour readable on `color` (NetBox's foreground_color). */
export function foregroundColor(color: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16) || 0);
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? '000000' : 'ffffff';
}

/** A name cut to what a box `width` pixels wide shows, with `...` (NetBox's truncate_text). */
export function truncateText(text: string, width: number, fontSize = 15): string {
  const chars = Array.from(text);
  const max = Math.trunc(width / (fontSize * 0.6));
  return chars.length <= max ? text : chars.slice(0, max).join('') + '...';
}

/** The name a device block shows: its label, else its type's model, and `(installed/bays)` when it has bays. */
export function deviceName(device: ElevationDevice): string {
  const name = device.label ?? device.model;
  return device.deviceBayCount ? `${name} (${device.childCount}/${device.deviceBayCount})` : name;
}

/** The title of a device's link (NetBox's get_device_description). */
export function deviceDescription(device: ElevationDevice): string {
  const lines = [
    `Name: ${device.name ?? 'None'}`,
    `Role: ${device.roleName}`,
    `Status: ${device.status}`,
    `Device Type: ${device.manufacturer} ${device.model} (${device.height}U)`,
  ];
  if (device.assetTag) lines.push(`Asset tag: ${device.assetTag}`);
  if (device.serial) lines.push(`Serial: ${device.serial}`);
  if (device.description) lines.push(`Description: ${device.description}`);
  return lines.join('\n');
}

/** Consecutive runs of the units, ascending (NetBox's array_to_ranges). */
export function unitRanges(units: readonly number[]): [number, number][] {
  const sorted = [...new Set(units)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const u of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && u === last[1] + 1) last[1] = u;
    else ranges.push([u, u]);
  }
  return ranges;
}

type Point = [number, number];

class Drawing {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  readonly o: DrawingOptions;

  constructor(
    readonly rack: RackRow,
    options: DrawingOptions,
  ) {
    // NetBox takes 0 (or nothing) as "the default".
    this.o = {
      ...options,
      unitWidth: options.unitWidth || DEFAULTS.unitWidth,
      unitHeight: options.unitHeight || DEFAULTS.unitHeight,
      legendWidth: options.legendWidth || DEFAULTS.legendWidth,
      marginWidth: options.marginWidth || DEFAULTS.marginWidth,
    };
  }

  /** The top left corner of something `height` units tall whose lowest unit is `position`. */
  coords(position: number, height: number): Point {
    const { rack, o } = this;
    const x = o.legendWidth + BORDER;
    const y = rack.descUnits
      ? BORDER + Math.trunc((position - rack.startingUnit) * o.unitHeight)
      : BORDER + Math.trunc((rack.uHeight - position + rack.startingUnit) * o.unitHeight) - Math.trunc(height * o.unitHeight);
    return [x, y];
  }

  /** The unit shown on the `ru`-th row from the top. */
  unitAt(ru: number): number {
    const { rack } = this;
    return (rack.descUnits ? ru + 1 : rack.uHeight - ru) + rack.startingUnit - 1;
  }

  legend(): void {
    const { o } = this;
    for (let ru = 0; ru < this.rack.uHeight; ru++) {
      const y = ru * o.unitHeight + BORDER;
      this.body.push(textElement('text', { class: 'unit', x: o.legendWidth / 2, y: y + o.unitHeight / 2 + BORDER }, String(this.unitAt(ru))));
    }
  }

  background(): void {
    const { rack, o } = this;
    const x = BORDER + o.legendWidth;
    const query = `site=${rack.siteId}&location=${rack.locationId ?? ''}&rack=${rack.id}&face=${o.face}`;
    for (let ru = 0; ru < rack.uHeight; ru++) {
      const y = BORDER + ru * o.unitHeight;
      const slot = element('rect', { class: 'slot', height: o.unitHeight, width: o.unitWidth, x, y });
      const label = textElement('text', { class: 'add-device', x: x + o.unitWidth / 2, y: y + o.unitHeight / 2 }, 'add device');
      this.body.push(element('a', { target: '_parent', 'xlink:href': `/dcim/devices/add/?${query}&position=${this.unitAt(ru)}` }, slot, label));
    }
  }

  margin(reservations: readonly Reservation[]): void {
    const { o } = this;
    for (const reservation of reservations) {
      for (const [first, last] of unitRanges(reservation.units)) {
        const height = last + 1 - first;
        const [x, y] = this.coords(first, height);
        const bar = element('rect', { class: 'reservation', height: height * o.unitHeight, stroke: STROKE_RESERVED, 'stroke-width': 2, width: o.marginWidth - 3, x: x + o.unitWidth + BORDER * 2, y });
        const title = textElement('title', {}, `Reservation #${reservation.id}: ${reservation.description}`);
        this.body.push(element('a', { target: '_parent', 'xlink:href': `${o.baseUrl}/dcim/rack-reservations/${reservation.id}/` }, title, bar));
      }
    }
  }

  imageUrl(path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return path.startsWith('/') ? `${this.o.baseUrl}${path}` : `${this.o.baseUrl}/media/${path}`;
  }

  device(device: ElevationDevice, [x, y]: Point, [width, height]: Point, color: string | null, image: string | null): void {
    const name = deviceName(device);
    const center = { x: x + width / 2, y: y + height / 2 };
    const clip = `clip-${device.id}`;
    const shaded = this.o.highlighted?.size && !this.o.highlighted.has(device.id) ? ' shaded' : '';
    this.defs.push(element('clipPath', { id: clip }, element('rect', { height, width, x, y })));
    const parts = [
      textElement('title', {}, deviceDescription(device)),
      color ? element('rect', { class: `slot${shaded}`, height, style: `fill: #${color}`, width, x, y }) : element('rect', { class: `slot blocked${shaded}`, height, width, x, y }),
      textElement('text', { class: `label${shaded}`, 'clip-path': `url(#${clip})`, fill: color ? `#${foregroundColor(color)}` : '#000000', ...center }, truncateText(name, width)),
    ];
    if (this.o.includeImages && image) {
      parts.push(
        element('image', { class: `device-image${shaded}`, height, preserveAspectRatio: 'xMidYMid slice', width, x, y, 'xlink:href': this.imageUrl(image) }),
        textElement('text', { class: `device-image-label${shaded}`, stroke: 'black', 'stroke-linejoin': 'round', 'stroke-width': '0.2em', ...center }, name),
        textElement('text', { class: `device-image-label${shaded}`, fill: 'white', ...center }, name),
      );
    }
    this.body.push(element('a', { target: '_parent', 'xlink:href': `${this.o.baseUrl}/dcim/devices/${device.id}/` }, ...parts));
  }

  face(devices: readonly ElevationDevice[], visible: ReadonlySet<number>): void {
    const { o } = this;
    for (const unit of rackUnits(this.rack, devices, o.face, false, () => true)) {
      const device = unit.device;
      if (!device) continue;
      const height = unit.height ?? 1;
      const coords = this.coords(unit.id, height);
      const size: Point = [o.unitWidth, Math.trunc(o.unitHeight * height)];
      if (!visible.has(device.id)) this.body.push(element('rect', { class: 'blocked', height: size[1], width: size[0], x: coords[0], y: coords[1] }));
      else if (device.face === o.face) this.device(device, coords, size, /^[0-9a-f]{6}$/i.test(device.roleColor) ? device.roleColor : null, device.frontImage);
      else this.device(device, coords, size, null, device.rearImage);
    }
  }

  border(): void {
    const { o } = this;
    const offset = BORDER / 2;
    this.body.push(element('rect', { class: 'rack', height: this.rack.uHeight * o.unitHeight + BORDER, width: o.unitWidth + BORDER, x: o.legendWidth + offset, y: offset }));
  }

  toString(): string {
    const { o } = this;
    const width = o.unitWidth + o.legendWidth + o.marginWidth + BORDER * 2;
    const height = o.unitHeight * this.rack.uHeight + BORDER * 2;
    const root = { baseProfile: 'full', height, version: '1.1', width, xmlns: 'http://www.w3.org/2000/svg', 'xmlns:ev': 'http://www.w3.org/2001/xml-events', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };
    return element('svg', root, element('defs', {}, baseDefinitions(), ...this.defs), ...this.body);
  }
}

/** The elevation of one face as an SVG document. */
export function renderElevationSvg(rack: RackRow, devices: readonly ElevationDevice[], reservations: readonly Reservation[], visible: ReadonlySet<number>, options: DrawingOptions): string {
  const drawing = new Drawing(rack, options);
  drawing.legend();
  drawing.background();
  drawing.margin(reservations);
  drawing.face(devices, visible);
  drawing.border();
  return drawing.toString();
}
