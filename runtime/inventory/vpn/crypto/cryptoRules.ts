/**
 * @module
 * Rules of NetBox's IKE and IPSec models (vpn/models/crypto.py clean()):
 * - an IKE policy's mode is required for IKEv1 and refused for IKEv2;
 * - an IPSec proposal defines an encryption algorithm, an authentication algorithm, or both.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';

const blank = (value: unknown) => value === null || value === undefined || value === '';

export const ikePolicyRules: ModelRules = {
  async clean(batch: WriteBatch) {
    for (const item of batch.items) {
      const version = Number(item.value('version'));
      if (version === 1 && blank(item.value('mode'))) item.error('__all__', 'Mode is required for selected IKE version');
      else if (version === 2 && !blank(item.value('mode'))) item.error('__all__', 'Mode cannot be used for selected IKE version');
    }
  },
};

export const ipsecProposalRules: ModelRules = {
  async clean(batch: WriteBatch) {
    for (const item of batch.items) {
      if (blank(item.value('encryption_algorithm')) && blank(item.value('authentication_algorithm'))) {
        item.error('__all__', 'Encryption and/or authentication algorithm must be defined');
      }
    }
  },
};
