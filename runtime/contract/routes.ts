/**
 * @module
 * The generated route table (`generated/inventory/routes.json`): one entry per HTTP operation of
 * the inventory API, which the server mounts with the engine's handler for its operation kind.
 */
import type { HttpMethod } from './inventory.ts';

export type OperationName = 'list' | 'create' | 'bulk_update' | 'bulk_partial_update' | 'bulk_destroy' | 'retrieve' | 'update' | 'partial_update' | 'destroy' | 'extra' | 'group_root';

export interface RouteEntry {
  method: HttpMethod;
  /** Hono path, e.g. `/api/dcim/sites/:id/`. */
  path: string;
  resource: string;
  operation: OperationName;
  /** For `extra` operations: the runtime handler name. */
  handler?: string;
  /** False when the route answers anonymous callers. */
  auth?: boolean;
  /**
   * For routes of a route group (definitions' `group:` files): the group's name. `resource` is then
   * the resource whose permissions guard the group, and `group_root` the group's own index.
   */
  group?: string;
  /** For route group operations: the permission action checked on `resource` (default: the method's). */
  action?: string;
  /** For route group operations: a NetBox permission class checked instead of `action` on `resource`. */
  permission?: 'is_authenticated' | 'token_write';
  /** For route group operations: the group's base path is listed in its app's root (`users/config/`). */
  listed?: boolean;
}
