/**
 * @module
 * circuits: providers (and their accounts and networks), circuits with their A/Z terminations —
 * cable ends whose place is cached as a prefix's scope is — and group assignments (circuits/),
 * virtual circuits and their terminations on virtual interfaces (virtualCircuits/); NetBox's
 * validation messages of the app in validation/.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { circuits as circuitGroup } from './circuits/index.ts';
import { providers } from './providers/index.ts';
import { virtualCircuits } from './virtualCircuits/index.ts';

export const circuits: AppRules = mergeRules({ providers, circuits: circuitGroup, virtualCircuits });
