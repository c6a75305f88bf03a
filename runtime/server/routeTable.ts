/**
 * @module
 * The shape of one generated route (generated/inventory/routes.ts).
 */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono path, e.g. `/api/dcim/sites/:id/`. */
  path: string;
  resource: string;
  operation: 'list' | 'create' | 'bulk_update' | 'bulk_partial_update' | 'bulk_destroy' | 'retrieve' | 'update' | 'partial_update' | 'destroy' | 'extra';
  /** For `extra` operations: the runtime handler name. */
  handler: string | null;
  auth: boolean;
}
