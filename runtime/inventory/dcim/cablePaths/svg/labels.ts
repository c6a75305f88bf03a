/**
 * @module
 * What each box and connector of a cable trace says, and its colour, as NetBox's CableTraceSVG
 * decides them (`_get_labels`, `_get_color`, and the labels and description of each link):
 * - a device: its name, `<manufacturer> <model>`, and `<site> / <location> / <rack> / <face> / U<position>`
 *   (the parts it has); a circuit: `Circuit <cid>`, its type, provider and description; a circuit
 *   termination: its name and cross-connect id; a provider network: its name and provider;
 *   anything else its name;
 * - a termination in its own colour (a port's) or light grey, a device in its role's colour, a
 *   circuit in its type's colour, anything else grey;
 * - a link: `Cable <label>` (`Wireless <ssid>`) and its status, or only its name when a segment
 *   has more than two links; its description (the tooltip) adds its own description, type and
 *   length (SSID and distance).
 * Decimals show as Python shows the stored Decimal: a length with two places, a position with one.
 * Colours that are not six hex digits (which a stored colour always is) fall back to the default.
 */
import type { Link, ParentObject, Termination } from './types.ts';

export const TERMINATION_COLOR = 'f0f0f0';
export const OBJECT_COLOR = 'e0e0e0';
export const CABLE_COLOR = '000000';

const HEX = /^[0-9a-f]{6}$/i;
const colorOr = (color: string, fallback: string) => (HEX.test(color) ? color : fallback);

/** The lines of a box, the first one bold. */
export function objectLabels(object: Termination | ParentObject): string[] {
  switch (object.kind) {
    case 'device': {
      let where = object.site;
      if (object.location !== null) where += ` / ${object.location}`;
      if (object.rack !== null) where += ` / ${object.rack}`;
      if (object.position) where += ` / ${object.face} / U${object.position.toFixed(1)}`;
      return [object.name, `${object.manufacturer} ${object.model}`, where];
    }
    case 'circuit':
      return [`Circuit ${object.name}`, object.type, object.provider, ...(object.description ? [object.description] : [])];
    case 'termination':
      return object.xconnectId ? [object.name, object.xconnectId] : [object.name];
    case 'provider-network':
      return [object.name, object.provider];
    default:
      return [object.name];
  }
}

/** A box's fill, RRGGBB. */
export function objectColor(object: Termination | ParentObject): string {
  switch (object.kind) {
    case 'termination':
      return colorOr(object.color, TERMINATION_COLOR);
    case 'device':
      return colorOr(object.roleColor, OBJECT_COLOR);
    case 'circuit':
      return colorOr(object.typeColor, OBJECT_COLOR);
    default:
      return OBJECT_COLOR;
  }
}

/** The text beside a link's line, the first line bold: fewer words when a segment has more than two links. */
export function linkLabels(link: Link, linksInSegment: number): string[] {
  if (linksInSegment > 2) return [link.name];
  return [`${link.kind === 'cable' ? 'Cable' : 'Wireless'} ${link.name}`, link.status];
}

/** The link's tooltip lines. */
export function linkDescription(link: Link): string[] {
  const lines = [`Link ${link.name}`, link.status];
  if (link.description) lines.push(link.description);
  if (link.kind === 'cable') {
    if (link.type) lines.push(link.type);
    if (link.length && link.lengthUnit) lines.push(`${link.length.toFixed(2)} ${link.lengthUnit}`);
  } else {
    if (link.ssid) lines.push(link.ssid);
    if (link.distance && link.distanceUnit) lines.push(`${link.distance.toFixed(2)} ${link.distanceUnit}`);
  }
  return lines;
}

/** A cable's line colour, RRGGBB (black without one). */
export const linkColor = (link: Link) => (link.kind === 'cable' ? colorOr(link.color, CABLE_COLOR) : CABLE_COLOR);
