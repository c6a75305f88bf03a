/**
 * @module
 * What a delete does, worked out before anything is removed: every row it deletes (the objects
 * asked for and everything that cascades from them), every reference it clears, and every link
 * and tag assignment it removes. Lifecycle hooks, change logging and permission checks read it.
 */
import type { Resource } from '../../contract/index.ts';

export interface DeletePlan {
  /** Rows deleted, per resource, in an order the database accepts (dependents first). */
  deletes: { resource: Resource; ids: number[] }[];
  /** References set to null (SET_NULL relations): the rows changed and the columns cleared. */
  clears: { resource: Resource; field: string; columns: string[]; ids: number[] }[];
  /** Link and tag rows removed along (they are not objects of their own). */
  unlinks: { table: string; column: string; ids: number[]; objectType?: string }[];
}
