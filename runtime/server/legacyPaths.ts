/**
 * @module
 * Paths NetBox has since moved, answered at their former place for clients that predate the move
 * (LEGACY_FIELD_NAMES=true, beside the fields' former names): NetBox 3.7 moved L2VPNs and their
 * terminations from `/api/ipam/` to `/api/vpn/`, and Debian 12's Ansible collection (netbox.netbox
 * 3.13) still looks for them under ipam. A request to a former path is served as one to the
 * current path; what it answers (the `url`s it shows) names the current one, as NetBox 3.7's did.
 */

/** Former path prefixes and the current ones, below `/api/`. */
export const MOVED_PATHS: Readonly<Record<string, string>> = {
  'ipam/l2vpns/': 'vpn/l2vpns/',
  'ipam/l2vpn-terminations/': 'vpn/l2vpn-terminations/',
};

/** The current URL of a request to a former path, or null when the path has not moved. */
export function movedUrl(url: string): string | null {
  const parsed = new URL(url);
  for (const [former, current] of Object.entries(MOVED_PATHS)) {
    if (parsed.pathname.startsWith(`/api/${former}`)) {
      parsed.pathname = `/api/${current}${parsed.pathname.slice(`/api/${former}`.length)}`;
      return parsed.toString();
    }
  }
  return null;
}
