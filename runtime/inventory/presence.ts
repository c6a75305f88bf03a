/**
 * @module
 * Presence filters, one helper for every app: a boolean method filter (`value: boolean` in the
 * definition) whose `true` keeps the rows where a condition holds and whose `false` keeps the
 * others — NetBox's `cabled`, `has_primary_ip`, `assigned`, `unterminated`… The method filter kind
 * has already parsed the boolean, with NetBox's invalid-choice 400 (runtime/kinds/filters/method.ts).
 */
import type { MethodFilter, MethodFilterArgs } from '../rest/index.ts';

/** `true`: the condition holds; `false`: it does not. */
export const presence =
  (condition: (args: MethodFilterArgs<boolean>) => string): MethodFilter<boolean> =>
  (args) => {
    if (typeof args.value !== 'boolean') throw new Error(`${args.query.listed.key}: the filter ${args.query.parameter} needs \`value: boolean\` in its definition`);
    return args.value ? condition(args) : `NOT (${condition(args)})`;
  };
