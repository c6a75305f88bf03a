/**
 * @module
 * The resource an object variable names: NetBox's model (`dcim.site`, as `model=Site` means) or,
 * in a JavaScript module, the API path a script author sees (`dcim/sites`).
 */
import type { Registry } from '../../../rest/index.ts';

export function objectModel(registry: Registry, model: string) {
  return (registry.byObjectType.get(model) ?? registry.byUrl.get(model.replace(/^\/?(api\/)?|\/$/g, '')))?.resource ?? null;
}
