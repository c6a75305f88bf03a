/**
 * @module
 * An object type as Django's ContentType prints it (`str()`, `app_labeled_name`): the app's
 * verbose name and the model's, `DCIM | site`, `Tenancy | contact role`, as NetBox's messages
 * naming a type show it.
 */
import type { Resource } from '../../../contract/index.ts';

/** AppConfig.verbose_name where NetBox sets one; otherwise Django's default, the label titled. */
const APP_NAMES: Readonly<Record<string, string>> = { dcim: 'DCIM', ipam: 'IPAM', vpn: 'VPN' };

export function appLabeledName(resource: Pick<Resource, 'key' | 'verboseName'>): string {
  const app = resource.key.split('.')[0]!;
  return `${APP_NAMES[app] ?? app.charAt(0).toUpperCase() + app.slice(1)} | ${resource.verboseName}`;
}
