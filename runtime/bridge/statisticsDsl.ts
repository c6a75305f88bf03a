/**
 * @module
 * The controller's statistics query DSL as the vendor spec's examples spell it: what `sdwan_describe`
 * tells a model about a statistics query, and the operators the simulated controller applies.
 */

/** The operators the vendor spec's examples use. */
export const STATISTICS_OPERATORS = ['in', 'equal', 'greater', 'less', 'between', 'last_n_hours'] as const;

export const STATISTICS_QUERY_SYNTAX =
  'params.query = {"condition": "AND"|"OR", "rules": [{"field": <name>, "type": "date"|"string"|"long"|"boolean", "value": [<text>, …], "operator": <operator>}]}; ' +
  `operators: ${STATISTICS_OPERATORS.join(', ')} (between takes two values, last_n_hours one, the hours); ` +
  'a rule may itself be a {"condition", "rules"} group. Bound it in time, e.g. {"field": "entry_time", "type": "date", "value": ["24"], "operator": "last_n_hours"}.';
