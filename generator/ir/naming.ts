/**
 * @module
 * Naming rules shared by the IR builders: how a model name becomes a table, a verbose name, an
 * object type, and a field name becomes a label.
 */

/** `TenantGroup` → `tenant_group`, `RIR` → `rir`, `ASNRange` → `asn_range`. */
export function snakeCase(model: string): string {
  return model
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** `TenantGroup` → `tenant group` (Django's default verbose_name). */
export function verboseName(model: string): string {
  return snakeCase(model).replace(/_/g, ' ');
}

/** `physical_address` → `Physical address` (the rule the runtime's table expansion uses too). */
export { labelOf as fieldLabel } from '../../runtime/kinds/index.ts';

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
