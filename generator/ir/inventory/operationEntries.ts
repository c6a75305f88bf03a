/**
 * @module
 * A declared hand-written operation as the generated tables carry it, and the custom actions a
 * resource registers (its `custom_actions`, and the non-standard `action:` of its operations).
 */
import type { CustomActionEntry, OperationEntry } from '../../../runtime/contract/index.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';

type OperationDefinition = NonNullable<ResourceDefinition['operations']>[number] & { permission?: OperationEntry['permission'] };

/** NetBox's RESERVED_ACTIONS: every model has them; they are not custom. */
export const STANDARD_ACTIONS = ['view', 'add', 'change', 'delete'] as const;

export function operationEntry(o: OperationDefinition): OperationEntry {
  const entry: OperationEntry = { handler: o.handler, method: o.method, path: o.path };
  if (o.auth === false) entry.auth = false;
  for (const key of ['action', 'request', 'response', 'status', 'many', 'summary', 'parameters', 'errors'] as const) if (o[key] !== undefined) (entry as unknown as Record<string, unknown>)[key] = o[key];
  if (o.media_type) entry.mediaType = o.media_type;
  if (o.permission) entry.permission = o.permission;
  return entry;
}

/** `render_config` → `Render config`. */
const humanName = (action: string) => action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');

/** The resource's custom actions, by name: declared ones with their label and help, then those only an operation names. */
export function customActions(definition: ResourceDefinition): CustomActionEntry[] {
  const byName = new Map<string, CustomActionEntry>();
  for (const [name, action] of Object.entries(definition.custom_actions ?? {})) byName.set(name, { name, label: action.label, ...(action.help_text ? { helpText: action.help_text } : {}) });
  for (const op of definition.operations ?? []) {
    const action = op.action;
    if (op.action_registered === false) continue;
    if (action && !(STANDARD_ACTIONS as readonly string[]).includes(action) && !byName.has(action)) byName.set(action, { name: action, label: humanName(action) });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
