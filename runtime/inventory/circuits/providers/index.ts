/**
 * @module
 * circuits providers, provider accounts and provider networks: an account's display and its
 * conditional unique name, and the accounts a provider takes when written with them.
 */
import type { AppRules } from '../../appRules.ts';
import { providerAccountDisplay } from './displays.ts';
import { providerRules } from './movedAccounts.ts';
import { providerAccountRules } from './providerRules.ts';

export const providers: AppRules = {
  expressions: { provider_account: providerAccountDisplay },
  rules: { 'circuits.providers': providerRules, 'circuits.provider-accounts': providerAccountRules },
};
