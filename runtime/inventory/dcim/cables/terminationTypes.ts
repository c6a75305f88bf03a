/**
 * @module
 * What NetBox 4.6 knows of each kind of object a cable may end on, as data keyed by the model's
 * name (the model part of its object type, `dcim.consoleport` → `consoleport`):
 * - which types may meet across a cable (dcim/constants.py COMPATIBLE_TERMINATION_TYPES), NetBox's
 *   whole table, so a type served later (power feeds, circuit terminations) is already in it;
 * - the field naming its parent object, quoted in the marked-connected message (`parent_object`);
 * - the checks CableTermination.clean() makes of one type only (an interface's type).
 * Which resources are terminations at all is the `cable-termination` feature of the definitions.
 */
import type { Row } from '../shared/rows.ts';
import { VIRTUAL_TYPES, WIRELESS_TYPES } from '../interfaces/interfaceRules.ts';

/** The types each type may be cabled to (NetBox's COMPATIBLE_TERMINATION_TYPES). */
export const COMPATIBLE_TERMINATION_TYPES: Readonly<Record<string, readonly string[]>> = {
  circuittermination: ['interface', 'frontport', 'rearport', 'circuittermination'],
  consoleport: ['consoleserverport', 'frontport', 'rearport'],
  consoleserverport: ['consoleport', 'frontport', 'rearport'],
  interface: ['interface', 'circuittermination', 'frontport', 'rearport'],
  frontport: ['consoleport', 'consoleserverport', 'interface', 'frontport', 'rearport', 'circuittermination'],
  powerfeed: ['powerport'],
  poweroutlet: ['powerport'],
  powerport: ['poweroutlet', 'powerfeed'],
  rearport: ['consoleport', 'consoleserverport', 'interface', 'frontport', 'rearport', 'circuittermination'],
};

/** `dcim.consoleport` → `consoleport` (NetBox's `_meta.model_name`). */
export const modelName = (objectType: string) => objectType.slice(objectType.indexOf('.') + 1);

/** Whether a cable may join an end of type `a` to an end of type `b` (object types). */
export const compatible = (a: string, b: string) => (COMPATIBLE_TERMINATION_TYPES[modelName(a)] ?? []).includes(modelName(b));

/**
 * The fields naming a termination's parent object (NetBox's `parent_object`), the first one a
 * resource has: a device component's device, a power feed's panel, a circuit termination's circuit.
 */
export const PARENT_FIELDS = ['device', 'power_panel', 'circuit'] as const;

/** A check of one type's termination (its stored row), and what it says: a message, or null. */
export type TerminationCheck = (object: Row, choiceLabel: (set: string, value: string) => string) => string | null;

/** The checks CableTermination.clean() makes of one type only, by model name. */
export const TERMINATION_CHECKS: Readonly<Record<string, TerminationCheck>> = {
  interface: (object, label) => {
    const type = String(object.type);
    return VIRTUAL_TYPES.has(type) || WIRELESS_TYPES.has(type) ? `Cables cannot be terminated to ${label('InterfaceTypeChoices', type)} interfaces` : null;
  },
};
