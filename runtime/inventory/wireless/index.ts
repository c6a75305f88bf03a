/**
 * @module
 * wireless: wireless LAN groups (a tree the engine keeps) and wireless LANs, scoped as prefixes are
 * (lans/), and point-to-point wireless links between two wireless interfaces, which keep the
 * interfaces' `wireless_link` (links/); NetBox's validation messages in validation/.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { lans } from './lans/index.ts';
import { links } from './links/index.ts';

export const wireless: AppRules = mergeRules({ lans, links });
