/**
 * @module
 * Route groups: operations under a base path that is no resource (a plugin's API,
 * `/api/plugins/permissions-matrix/`). Each names the resource whose permissions guard it; its
 * base path may not fall under an app's path nor repeat another group's, and its operations may
 * not repeat a method and path.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedGroup } from '../../load/readDefinitions.ts';
import type { RouteGroupIR } from '../types.ts';
import { operationEntry } from './operationEntries.ts';
import { didYouMean } from '../../suggest.ts';

export function buildRouteGroups(groups: LoadedGroup[], resourceKeys: ReadonlySet<string>, appNames: ReadonlySet<string>, out: Diagnostic[]): RouteGroupIR[] {
  const built: RouteGroupIR[] = [];
  const bases = new Map<string, LoadedGroup>();
  const names = new Map<string, LoadedGroup>();
  for (const group of groups) {
    const { source, definition } = group;
    const basePath = `/api/${definition.base_path}`;
    const [first, second] = definition.base_path.split('/');
    let ok = true;
    // Under an app's path, a group takes a path no resource of the app has (NetBox's
    // `dcim/connected-device/`), never the app's root.
    if (appNames.has(first) && (!second || resourceKeys.has(`${first}.${second}`))) {
      const what = second ? `the path of resource ${first}.${second}` : `the path of app "${first}"`;
      out.push(source.diagnostic(['base_path'], 'E_DUPLICATE_PATH', `route group ${definition.group}: ${basePath} is ${what}`));
      ok = false;
    }
    const sameBase = bases.get(basePath);
    if (sameBase) {
      out.push(source.diagnostic(['base_path'], 'E_DUPLICATE_PATH', `route group ${definition.group}: ${basePath} is already the base path of group ${sameBase.definition.group} (${sameBase.source.file})`));
      ok = false;
    }
    const sameName = names.get(definition.group);
    if (sameName) {
      out.push(source.diagnostic(['group'], 'E_DUPLICATE_PATH', `route group "${definition.group}" is already defined in ${sameName.source.file}`));
      ok = false;
    }
    if (!resourceKeys.has(definition.resource)) {
      out.push(source.diagnostic(['resource'], 'E_UNKNOWN_TARGET', `route group ${definition.group}: unknown resource "${definition.resource}"${didYouMean(definition.resource, resourceKeys)}`));
      ok = false;
    }
    const seen = new Set<string>();
    definition.operations.forEach((op, index) => {
      const route = `${op.method} ${basePath}${op.path}`;
      if (seen.has(route)) {
        out.push(source.diagnostic(['operations', index, 'path'], 'E_DUPLICATE_PATH', `route group ${definition.group}: ${route} is defined twice`));
        ok = false;
      }
      seen.add(route);
    });
    bases.set(basePath, group);
    names.set(definition.group, group);
    if (!ok) continue;
    built.push({
      name: definition.group,
      basePath,
      resource: definition.resource,
      ...(definition.description ? { description: definition.description } : {}),
      ...(definition.listed ? { listed: true } : {}),
      operations: definition.operations.map(operationEntry),
      tables: Object.entries(definition.tables ?? {}).map(([name, table]) => ({
        name,
        columns: Object.entries(table.columns).map(([column, c]) => ({ name: column, type: c.type, ...(c.length ? { length: c.length } : {}), nullable: !!c.nullable, unique: !!c.unique, ...(c.index ? { index: c.index } : {}) })),
      })),
    });
  }
  return built.sort((a, b) => a.name.localeCompare(b.name));
}
