/**
 * @module
 * vpn: IKE and IPSec models (crypto/), tunnels and their terminations (tunnels/), L2VPNs and
 * their terminations, with the `l2vpn_termination` of interfaces and VLANs (l2vpn/); shared/
 * holds the generic-relation SQL both kinds of termination use; validation/ NetBox's messages.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { crypto } from './crypto/index.ts';
import { l2vpn } from './l2vpn/index.ts';
import { tunnels } from './tunnels/index.ts';

export const vpn: AppRules = mergeRules({ crypto, l2vpn, tunnels });
