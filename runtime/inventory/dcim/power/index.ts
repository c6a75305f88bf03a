/**
 * @module
 * dcim power panels and power feeds: the models' rules. A feed's cable and path fields and
 * filters are the cabled components' and path endpoints' (runtime/inventory/dcim/components/,
 * runtime/inventory/dcim/cables/pathSql.ts); the cables' and terminations' `powerfeed_id` are the
 * components' per-type filters.
 */
import type { AppRules } from '../../appRules.ts';
import { powerFeedRules, powerPanelRules } from './powerRules.ts';

export const power: AppRules = {
  expressions: {},
  methods: {},
  rules: {
    'dcim.power-panels': powerPanelRules,
    'dcim.power-feeds': powerFeedRules,
  },
};
