/**
 * @module
 * The object types this server serves, as NetBox's ObjectType rows show them: the app's verbose
 * name (AppConfig.verbose_name), the model's verbose names (Meta.verbose_name, and the plural
 * Django derives or NetBox sets), whether the model is public (a core app's, not marked private:
 * TaggedItem is), its features (features.ts), its REST endpoint, and its `str()`:
 * `<app> > <Model name titled>` (ObjectType.app_labeled_name, capitals kept).
 */
import type { Resource } from '../../../contract/index.ts';
import { objectTypeId } from '../../../kinds/index.ts';
import { featuresOf } from './features.ts';

/** AppConfig.verbose_name where NetBox sets one that is not the label titled. */
const APP_NAMES: Readonly<Record<string, string>> = { dcim: 'DCIM', ipam: 'IPAM', vpn: 'VPN' };
const CORE_APPS = new Set(['account', 'circuits', 'core', 'dcim', 'extras', 'ipam', 'tenancy', 'users', 'utilities', 'virtualization', 'vpn', 'wireless']);
/** Models NetBox marks `_netbox_private` (not for reference by other objects). */
const PRIVATE = new Set(['extras.taggeditem', 'dcim.cablepath', 'core.autosyncrecord', 'core.managedfile']);

export interface ObjectTypeRow {
  id: number;
  app_label: string;
  app_name: string;
  model: string;
  model_name: string;
  model_name_plural: string;
  public: boolean;
  features: string[];
  is_plugin_model: boolean;
  rest_api_endpoint: string;
  description: null;
  label: string;
}

export const appName = (app: string) => APP_NAMES[app] ?? app.charAt(0).toUpperCase() + app.slice(1);

/** NetBox's title(): each word's first letter upper-cased, the rest kept (`IP address` → `IP Address`). */
export const title = (text: string) => text.split(/\s+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** The plural NetBox gives a verbose name (its Meta.verbose_name_plural follows English: policies, prefixes, chassis). */
export function plural(name: string): string {
  if (/chassis$/i.test(name)) return name;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** ObjectType.app_labeled_name: `DCIM > Device`, as NetBox prints an object type. */
export const objectTypeLabel = (resource: Pick<Resource, 'app' | 'verboseName'>) => `${appName(resource.app)} > ${title(resource.verboseName)}`;

export function objectTypeRow(resource: Resource): ObjectTypeRow {
  const [app, model] = resource.objectType.split('.') as [string, string];
  return {
    id: objectTypeId(resource.objectType),
    app_label: app,
    app_name: appName(app),
    model,
    model_name: resource.verboseName,
    model_name_plural: plural(resource.verboseName),
    public: CORE_APPS.has(app) && !PRIVATE.has(resource.objectType),
    features: featuresOf(resource),
    is_plugin_model: false,
    rest_api_endpoint: `/api/${resource.app}/${resource.path}/`,
    description: null,
    label: objectTypeLabel(resource),
  };
}
