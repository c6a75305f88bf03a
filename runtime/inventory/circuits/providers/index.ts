/**
 * @module
 * circuits providers, provider accounts and provider networks: an account's display and its
 * conditional unique name.
 */
import type { AppRules } from '../../appRules.ts';
import { providerAccountDisplay } from './displays.ts';
import { providerAccountRules } from './providerRules.ts';

export const providers: AppRules = {
  expressions: { provider_account: providerAccountDisplay },
  rules: { 'circuits.provider-accounts': providerAccountRules },
};
