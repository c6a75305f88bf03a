/**
 * @module
 * Wireless links: their rules (wireless ends, the distance's unit, the devices cached, the
 * interfaces' `wireless_link` kept) and their display.
 */
import type { AppRules } from '../../appRules.ts';
import { wirelessLinkDisplay } from './displays.ts';
import { wirelessLinkRules } from './linkRules.ts';

export const links: AppRules = {
  expressions: { wireless_link: wirelessLinkDisplay },
  rules: { 'wireless.wireless-links': wirelessLinkRules },
};
