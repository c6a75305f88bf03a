/**
 * @module
 * A change set planned against a state: the catalogue of actions (including those the change set
 * names), the references checked, the planner run, and the token computed (signed with the
 * database's secret, secret.ts) — the same steps for
 * plan/ (on the database) and for apply/ (again, in its locked transaction).
 */
import { forbidden, type RestServices } from '../../../rest/index.ts';
import { ActionCatalog } from './actions.ts';
import { resolveChangeSet, type ChangeSet, type References } from './changeSet.ts';
import type { MatrixState, PrincipalRef } from './model.ts';
import { planChanges, type Plan } from './planner.ts';
import { objectTypes } from './rows.ts';
import { dependencies, planToken, tokenOperations } from './token.ts';

const typeSets = new WeakMap<RestServices['registry'], Set<string>>();

/** Every object type a permission may name. */
export function objectTypeSet(registry: RestServices['registry']): Set<string> {
  let set = typeSets.get(registry);
  if (!set) typeSets.set(registry, (set = new Set(objectTypes(registry.resources).map((t) => t.objectType))));
  return set;
}

export function catalogFor(registry: RestServices['registry'], state: MatrixState, extra: Iterable<string> = []): ActionCatalog {
  return new ActionCatalog(registry.resources, state.heldActions, extra);
}

export interface Planned {
  plan: Plan;
  token: string;
}

/**
 * Checks and plans `set` against `state`; throws 400 for a bad reference. `missing` collects
 * principals that do not exist at all (apply/ answers 409 for those: deleted since plan/).
 */
export function planChangeSet(rest: RestServices, state: MatrixState, set: ChangeSet, references: References, secret: Buffer, missing?: PrincipalRef[]): Planned {
  const catalog = catalogFor(rest.registry, state, [...set.changes.map((c) => c.action), ...set.edits.flatMap((e) => e.add_actions ?? [])]);
  resolveChangeSet(set, state, catalog, objectTypeSet(rest.registry), missing);
  const plan = planChanges({ state, catalog, set, constraintError: (type, constraints) => rest.constraintError(type, constraints) });
  // A plan may not change a permission the caller cannot even see (a constrained view on permissions).
  const seen = state.visiblePermissions;
  if (seen && plan.operations.some((o) => o.before && !seen.has(o.before.id))) throw forbidden();
  const token = planToken({ changes: set.changes, edits: set.edits, operations: tokenOperations(plan.operations), dependencies: dependencies(state, references.principals, plan.operations) }, secret);
  return { plan, token };
}
