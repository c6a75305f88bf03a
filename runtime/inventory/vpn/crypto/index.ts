/**
 * @module
 * IKE and IPSec proposals, policies and profiles: the model rules of IKE policies and IPSec
 * proposals.
 */
import type { AppRules } from '../../appRules.ts';
import { ikePolicyRules, ipsecProposalRules } from './cryptoRules.ts';

export const crypto: AppRules = {
  rules: { 'vpn.ike-policies': ikePolicyRules, 'vpn.ipsec-proposals': ipsecProposalRules },
};
