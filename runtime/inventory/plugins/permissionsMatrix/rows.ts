/**
 * @module
 * The matrix's rows (rules §1b): every object type a permission may name — every model of the
 * generated resource table, which is what /api/users/permissions/ accepts — ordered by app label,
 * then model. `app_name` is the app's human name as NetBox's AppConfig.verbose_name spells it.
 */
import type { Resource } from '../../../contract/index.ts';
import type { ActionCatalog } from './actions.ts';

export interface Row {
  object_type: string;
  app_label: string;
  app_name: string;
  label: string;
  enabled?: boolean;
  enabled_actions?: string[];
}

/** NetBox's app verbose names (the apps this server serves, and those it will). */
const APP_NAMES: Record<string, string> = {
  circuits: 'Circuits',
  core: 'Core',
  dcim: 'DCIM',
  extras: 'Extras',
  ipam: 'IPAM',
  tenancy: 'Tenancy',
  users: 'Users',
  virtualization: 'Virtualization',
  vpn: 'VPN',
  wireless: 'Wireless',
};

export function appName(app: string): string {
  return APP_NAMES[app] ?? app.charAt(0).toUpperCase() + app.slice(1);
}

/** Every object type once (resources sharing a model share its type), by app label then model. */
export function objectTypes(resources: readonly Resource[]): { objectType: string; app: string; label: string }[] {
  const byType = new Map<string, { objectType: string; app: string; label: string }>();
  for (const r of resources) {
    if (byType.has(r.objectType)) continue;
    byType.set(r.objectType, { objectType: r.objectType, app: r.app, label: r.verboseName.charAt(0).toUpperCase() + r.verboseName.slice(1) });
  }
  return [...byType.values()].sort((a, b) => (a.objectType < b.objectType ? -1 : a.objectType > b.objectType ? 1 : 0));
}

/** Rows for one action (`enabled`) or for all (`enabled_actions`), of the apps in `appLabels` (all when null). */
export function buildRows(types: ReturnType<typeof objectTypes>, catalog: ActionCatalog, action: string | '*', appLabels: readonly string[] | null): Row[] {
  return types
    .filter((t) => !appLabels || appLabels.includes(t.app))
    .map((t) => {
      const row: Row = { object_type: t.objectType, app_label: t.app, app_name: appName(t.app), label: t.label };
      if (action === '*') row.enabled_actions = catalog.enabledFor(t.objectType);
      else row.enabled = catalog.applies(action, t.objectType);
      return row;
    });
}
