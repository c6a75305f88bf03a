/**
 * @module
 * The placeholders of a template's name, label and position (NetBox's dcim/utils.py and
 * ModularComponentTemplateModel): `{module}` is the position of the bay a module is installed in
 * — one token the innermost bay's, as many tokens as the bay tree is deep each level's, from the
 * outermost — and `{vc_position}` (`{vc_position:X}`) the device's position in its virtual
 * chassis, else `X`, else `0`. On a device (no module), `{module}` stays as written.
 */

export const MODULE_TOKEN = '{module}';
const VC_POSITION = /\{vc_position(?::([^}]*))?\}/g;

/** What a placeholder resolves to for one device, or one module of it. */
export interface PlaceholderScope {
  /** The device's position in its virtual chassis, null outside one. */
  vcPosition: number | null;
  /** Bay positions from the outermost bay to the one holding the module; null on a device. */
  positions: string[] | null;
}

/** A bay chain's positions, outermost first, each `{module}` in a bay's position taken from the bay below it (get_module_bay_positions). */
export function bayPositions(innermostFirst: string[]): string[] {
  const positions: string[] = [];
  for (const raw of innermostFirst) {
    const position = raw ?? '';
    positions.push(positions.length && position.includes(MODULE_TOKEN) ? position.replaceAll(MODULE_TOKEN, () => positions[positions.length - 1]) : position);
  }
  return positions.reverse();
}

/** NetBox's refusal of a token count that is neither one nor the tree's depth. */
export class PlaceholderError extends Error {}

/** resolve_module_placeholder(). */
export function resolveModule(value: string, positions: string[]): string {
  if (!value.includes(MODULE_TOKEN)) return value;
  const tokens = value.split(MODULE_TOKEN).length - 1;
  if (tokens === 1) return value.replace(MODULE_TOKEN, () => positions[positions.length - 1]);
  if (tokens === positions.length) return positions.reduce((text, position) => text.replace(MODULE_TOKEN, () => position), value);
  throw new PlaceholderError(`Cannot install module with placeholder values in a module bay tree ${positions.length} levels deep but ${tokens} placeholders given.`);
}

/** _resolve_all_placeholders(): `{module}` (with a module), then `{vc_position}`. */
export function resolvePlaceholders(value: string, scope: PlaceholderScope): string {
  let text = value;
  if (scope.positions && text.includes(MODULE_TOKEN)) text = resolveModule(text, scope.positions);
  return text.replace(VC_POSITION, (_match, fallback: string | undefined) => (scope.vcPosition !== null ? String(scope.vcPosition) : (fallback ?? '0')));
}
