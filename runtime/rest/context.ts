/**
 * @module
 * The request context every read and write receives: who is asking (and with which token), the
 * request id (the response's `X-Request-ID`, recorded with every change), where URLs point, and
 * the permission scope. (A change's `changelog_message` comes with each object of the body.)
 */

/** The authenticated caller, as runtime/auth resolves it. */
export interface Principal {
  userId: number;
  username: string;
  isSuperuser: boolean;
  tokenId: number;
  writeEnabled: boolean;
}

/** One permission constraint: Django lookups (`site__region__slug`) and their values, ANDed. */
export type ConstraintSet = Record<string, unknown>;

/** What the caller may do: the engine asks before it touches objects. */
export interface PermissionScope {
  allows(objectType: string, action: string): Promise<boolean>;
  /**
   * The constraints that limit `action` on `objectType` to some objects, ORed (NetBox's
   * ObjectPermission constraints); null when the caller may act on every object of the type.
   */
  restriction(objectType: string, action: string): ConstraintSet[] | null;
  /** The caller's user id, which `$user` in a constraint stands for. */
  readonly userId: number | null;
}

export interface RequestContext {
  requestId: string;
  caller: Principal | null;
  /** Scheme and host of the request (`http://127.0.0.1:8000`): where `url` and `display_url` point. */
  origin: string;
  scope: PermissionScope;
  /**
   * Values a write shows in its own response and never again, by resource key and object id: a
   * new token's secret, of which only a digest is kept (Django serialises it from the saved
   * instance in memory). Merged into the objects the response renders.
   */
  shownOnce?: Map<string, Map<number, Record<string, unknown>>>;
}

/** A scope that allows everything: internal writes (first boot, token provisioning). */
export const unrestricted: PermissionScope = { allows: async () => true, restriction: () => null, userId: null };
